-- wrk script: the kept pages and public reads, each request with a query string never sent before
-- (made-up parameters, as a scanner or a flood of tracking links sends them). The server keeps its
-- answers by the parameters each page or read uses, so these are answered from memory.
local paths = { "/?lang=en", "/finder?lang=en", "/brand/bloch?lang=en", "/blog/first-pointe-shoes?lang=en",
  "/api/brands?lang=en", "/api/finder?lang=en" }
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  counter = 0
end

function request()
  counter = counter + 1
  local path = paths[(counter % #paths) + 1]
  local junk = string.format("&utm_source=t%d-%d&x%d=%s", id, counter, counter, string.rep("j", 64))
  return wrk.format("GET", path .. junk, { ["Accept-Encoding"] = "gzip" })
end
