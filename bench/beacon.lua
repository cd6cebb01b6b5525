-- wrk script: analytics page views from made-up visitors (a client address each; the server runs with
-- TRUST_PROXY=true) in a real browser's user agent, over a few pages. Counts the answers: 202 accepted.
-- `-- MS` after the URL paces each connection to one beacon per MS milliseconds (0: as fast as it can).
local threads = {}
local pages = { "/", "/products", "/brands/bloch", "/blog", "/brands/gaynor", "/tips" }

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  math.randomseed(os.time() * 1000 + id)
  accepted, other = 0, 0
  pause = tonumber(args[1]) or 0
end

function delay()
  return pause
end

function request()
  local body = string.format('{"name":"pageview","url":"https://pointe.example%s","lang":"he","browserLang":"he-IL"}', pages[math.random(#pages)])
  local headers = {
    ["Content-Type"] = "application/json",
    ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    ["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254)),
  }
  return wrk.format("POST", "/api/analytics/event", headers, body)
end

function response(status, headers, body)
  if status == 202 then accepted = accepted + 1 else other = other + 1 end
end

-- One line for analytics.py: "beacons ACCEPTED OTHER SECONDS".
function done(summary, latency, requests)
  local accepted_all, other_all = 0, 0
  for _, thread in ipairs(threads) do
    accepted_all = accepted_all + thread:get("accepted")
    other_all = other_all + thread:get("other")
  end
  io.write(string.format("beacons %d %d %.3f\n", accepted_all, other_all, summary.duration / 1e6))
end
