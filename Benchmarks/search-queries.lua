-- wrk script: searches that are not in the page cache. RECIPECART_QUERIES names a file of distinct search texts,
-- one a line (`recipecart-bench queries`); each thread walks them in a cycle far longer than the page cache holds,
-- so every request renders its page from the database.
local queries = {}
for line in io.lines(os.getenv("RECIPECART_QUERIES")) do
  queries[#queries + 1] = line:gsub("[^%w]", function(c) return string.format("%%%02X", string.byte(c)) end)
end

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
  return wrk.format("GET", "/?q=" .. queries[(n % #queries) + 1])
end
