-- wrk script: recommendations for a full fit profile (both feet, dancing, strength, two worn pairs) over
-- the whole catalogue, each from a made-up client address (the server runs with TRUST_PROXY=true) so the
-- per-address limit does not answer first. Counts the statuses.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  math.randomseed(os.time() * 1000 + id)
  statuses = {}
end

local body = [[{
  "left": {"lengthMm": 238, "widthMm": 92, "toeShape": "greek", "toeLength": "long", "toeHeight": "high",
           "heel": "narrow", "arch": "hypermobile", "instep": "flexible", "ankle": "full", "bunion": "slight"},
  "right": {"lengthMm": 241, "widthMm": 95, "toeShape": "egyptian", "toeLength": "long", "toeHeight": "medium",
            "heel": "average", "arch": "flexible", "instep": "average", "ankle": "average", "bunion": "none"},
  "dancing": {"level": "advanced", "years": 9, "hoursPerWeek": 14, "teacherApproved": true},
  "strength": {"relevesLeft": 24, "relevesRight": 17},
  "shoes": [
    {"model": "gaynor-europa-classic-box-3-supple", "size": "5", "width": "3", "shank": "Supple", "padding": "gel",
     "hurt": ["knuckles", "big-toe-joint"], "failed": ["shank-broke"], "hours": 8, "current": true},
    {"model": "bloch-heritage", "size": "4", "width": "X", "padding": "fabric", "failed": ["box-softened"], "hours": 20}
  ]
}]]

function request()
  local headers = {
    ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254)),
  }
  return wrk.format("POST", "/api/fit/recommendations?lang=en", headers, body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

-- One line for run.sh: "statuses TOTAL N200 OTHER".
function done(summary, latency, requests)
  local total, ok = 0, 0
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      total = total + n
      if status == 200 then ok = ok + n end
    end
  end
  io.write(string.format("statuses %d %d %d\n", total, ok, total - ok))
end
