-- wrk script for bench/perf.sh's mixed run: every WRITE_EVERY-th request of a connection is a
-- write (PUT WRITE_PATH, a new nickname, with the demo user's token), the others GET READ_PATH;
-- WRITE_EVERY=0 sends reads only, for the read-only baseline measured the same way.
-- Run with one connection per thread (wrk -tN -cN): a thread's request() and response() then
-- alternate, so the time between them is that request's latency, and read latencies are kept
-- apart from write latencies (wrk's own histogram mixes them). done() prints one line:
--   MIXED reads=N writes=N write_failures=N read_rps=R read_p50_ms=X read_p99_ms=Y
-- env: READ_PATH, WRITE_PATH, TOKEN, WRITE_EVERY (default 10)
local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } perf_timespec;
int clock_gettime(int clock_id, perf_timespec *tp);
]]
local clock = ffi.new("perf_timespec")
local function now_us()
  ffi.C.clock_gettime(1, clock) -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) * 1000000 + tonumber(clock.tv_nsec) / 1000
end

local threads = {}

function setup(thread)
  thread:set("offset", #threads)
  table.insert(threads, thread)
end

function init(args)
  every = tonumber(os.getenv("WRITE_EVERY") or "10")
  read_request = wrk.format("GET", os.getenv("READ_PATH"))
  write_path = os.getenv("WRITE_PATH")
  write_headers = { ["Authorization"] = "Bearer " .. (os.getenv("TOKEN") or ""),
                    ["Content-Type"] = "application/x-www-form-urlencoded" }
  sent = offset -- staggers the threads, so writes do not all start at once
  reads, writes, write_failures = 0, 0, 0
  histogram = {} -- read latencies, in 10 µs buckets
end

function request()
  sent = sent + 1
  is_write = every > 0 and sent % every == 0
  started = now_us()
  if is_write then
    return wrk.format("PUT", write_path, write_headers, "nickname=perf" .. (sent % 1000))
  end
  return read_request
end

function response(status, headers, body)
  local elapsed = now_us() - started
  if is_write then
    writes = writes + 1
    if status ~= 200 or not string.find(body, '"code":200', 1, true) then
      write_failures = write_failures + 1
    end
  else
    reads = reads + 1
    local bucket = math.floor(elapsed / 10)
    histogram[bucket] = (histogram[bucket] or 0) + 1
  end
end

local function percentile(merged, buckets, total, fraction)
  local seen = 0
  for _, bucket in ipairs(buckets) do
    seen = seen + merged[bucket]
    if seen >= fraction * total then return (bucket + 1) * 10 / 1000 end
  end
  return 0
end

function done(summary, latency, requests)
  local merged, buckets = {}, {}
  local all_reads, all_writes, failures = 0, 0, 0
  for _, thread in ipairs(threads) do
    all_reads = all_reads + thread:get("reads")
    all_writes = all_writes + thread:get("writes")
    failures = failures + thread:get("write_failures")
    for bucket, count in pairs(thread:get("histogram")) do
      if merged[bucket] == nil then table.insert(buckets, bucket); merged[bucket] = 0 end
      merged[bucket] = merged[bucket] + count
    end
  end
  table.sort(buckets)
  io.write(string.format("MIXED reads=%d writes=%d write_failures=%d read_rps=%.0f read_p50_ms=%.2f read_p99_ms=%.2f\n",
    all_reads, all_writes, failures, all_reads / (summary.duration / 1000000),
    percentile(merged, buckets, all_reads, 0.50), percentile(merged, buckets, all_reads, 0.99)))
end
