-- wrk script: the kept pages a visitor reads, in turn (their p99 beside a flood of made-up queries).
local paths = { "/?lang=en", "/finder?lang=en", "/brand/bloch?lang=en", "/blog/first-pointe-shoes?lang=en" }
local counter = 0

function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1], { ["Accept-Encoding"] = "gzip" })
end
