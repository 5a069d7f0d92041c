-- wrk script: "Send to the shop", once for each shopper Benchmarks/send-orders.py made ready. The file it wrote
-- (RECIPECART_SHOPPERS) defines `shoppers`; thread k of n (wrk's -t, given again after `--`, with one connection
-- each) sends shoppers k, k+n, k+2n… and stops when its share is sent. wrk asks thread 0 for one request before it
-- connects, to check the script, so one shopper is never sent. The rate is the orders sent over the time from the
-- first send to the last answer (wrk's own runs to -d whatever the threads do). Every send must answer 303: the
-- count of others is printed, and Benchmarks/run refuses a row with any.
dofile(os.getenv("RECIPECART_SHOPPERS"))

local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } timespec;
  int clock_gettime(int clock, timespec *now);
]]
local clockNow = ffi.new("timespec")

local function seconds()
  ffi.C.clock_gettime(1, clockNow) -- CLOCK_MONOTONIC
  return tonumber(clockNow.tv_sec) + tonumber(clockNow.tv_nsec) / 1e9
end

local threads = {}
local count = 0

function setup(thread)
  thread:set("first", count)
  count = count + 1
  table.insert(threads, thread)
end

function init(args)
  step = tonumber(args[1])
  nextIndex = first
  seeOther, other = 0, 0
  startedAt, answeredAt = nil, nil
end

function request()
  if nextIndex >= #shoppers then
    wrk.thread:stop()
    return wrk.format("GET", "/healthz")
  end
  startedAt = startedAt or seconds()
  local shopper = shoppers[nextIndex + 1]
  nextIndex = nextIndex + step
  local body = "_csrf=" .. shopper.token .. "&note=&substitution=close-match"
  if shopper.slot ~= "" then body = body .. "&slot=" .. shopper.slot end
  return wrk.format("POST", "/cart/order", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Cookie"] = shopper.cookie,
  }, body)
end

function response(status, headers, body)
  if status == 303 then seeOther = seeOther + 1 else other = other + 1 end
  answeredAt = seconds()
  -- One connection a thread: once its last send is answered the thread is done.
  if nextIndex >= #shoppers then wrk.thread:stop() end
end

function done(summary, latency, requests)
  local ok, bad, first, last = 0, 0, math.huge, 0
  for _, thread in ipairs(threads) do
    ok = ok + thread:get("seeOther")
    bad = bad + thread:get("other")
    first = math.min(first, thread:get("startedAt") or math.huge)
    last = math.max(last, thread:get("answeredAt") or 0)
  end
  io.write(string.format("sent=%d other=%d orders_per_s=%d p50_ms=%.2f p99_ms=%.2f\n", ok, bad,
    math.floor(ok / (last - first)), latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
