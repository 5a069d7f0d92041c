-- wrk script: searches that are not in the page cache. RECIPECART_QUERIES names a file of distinct search texts,
-- one a line (`recipecart-bench queries`); each thread walks them in a cycle far longer than the page cache holds,
-- so every request renders its page from the database. RECIPECART_PARAM names the Browse parameter they go in
-- (`q` unless set; `have` for ingredient lists). Prints the 95th percentile, which wrk's own summary leaves out.
local queries = {}
for line in io.lines(os.getenv("RECIPECART_QUERIES")) do
  queries[#queries + 1] = line:gsub("[^%w]", function(c) return string.format("%%%02X", string.byte(c)) end)
end

local param = os.getenv("RECIPECART_PARAM") or "q"

local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("offset", counter)
end

function init(args)
  n = offset * math.floor(#queries / 2)
end

function request()
  n = n + 1
  return wrk.format("GET", "/?" .. param .. "=" .. queries[(n % #queries) + 1])
end

function done(summary, latency, requests)
  io.write(string.format("p95 %.2fms\n", latency:percentile(95) / 1000))
end
