-- wrk script: stepper posts, each session with its own cookie and CSRF token.
-- sessions.lua (written by Benchmarks/run) defines `sessions` = { {cookie=..., token=...}, ... }. Each session
-- already holds a cart line, so the id rotation a first line brings is behind it and its token stays valid.
dofile(os.getenv("RECIPECART_SESSIONS"))

local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("offset", counter)
  table.insert(threads, thread)
end

function init(args)
  seeOther = 0
  other = 0
  n = 0
end

function request()
  n = n + 1
  local session = sessions[((offset * 7919 + n) % #sessions) + 1]
  local recipe = "bundled-" .. ((n % 52) + 1)
  return wrk.format("POST", "/cart/items/" .. recipe, {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Cookie"] = "rc_session=" .. session.cookie,
  }, "_csrf=" .. session.token .. "&op=inc&return_to=%2Fcart")
end

function response(status, headers, body)
  if status == 303 then seeOther = seeOther + 1 else other = other + 1 end
end

function done(summary, latency, requests)
  local ok, bad = 0, 0
  for _, thread in ipairs(threads) do
    ok = ok + thread:get("seeOther")
    bad = bad + thread:get("other")
  end
  io.write(string.format("acknowledged=%d other=%d\n", ok, bad))
end
