-- wrk script: failed logins, each with a made-up username and client address (the server runs with
-- TRUST_PROXY=true), so neither the per-account nor the per-address limit answers before the password
-- check; an unknown user costs one argon2 verification against the decoy hash. Counts the statuses.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  math.randomseed(os.time() * 1000 + id)
  statuses = {}
end

function request()
  local body = string.format('{"username":"dancer%08x","password":"Wrong#password1"}', math.random(0, 0x7fffffff))
  local headers = {
    ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254)),
  }
  return wrk.format("POST", "/api/auth/login", headers, body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

-- One line for run.sh: "statuses TOTAL N401 N429 OTHER".
function done(summary, latency, requests)
  local total, counts = 0, { [401] = 0, [429] = 0, other = 0 }
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      total = total + n
      if counts[status] then counts[status] = counts[status] + n else counts.other = counts.other + n end
    end
  end
  io.write(string.format("statuses %d %d %d %d\n", total, counts[401], counts[429], counts.other))
end
