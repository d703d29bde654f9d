// Private: protection against SIGBUS on memory-mapped files that shrink while mapped. Another program may
// truncate a file we map (a download restarting, a script rewriting it in place); touching a page past the
// new end then raises SIGBUS, which would kill the process. A process-wide handler looks the faulting address
// up in a lock-free registry of our live mappings; inside one, it maps an anonymous zero page over the
// faulting page and flags that mapping as damaged, so the read sees zeros and the caller can say "the file
// changed on disk". Faults anywhere else go to the previous handler (or the default action), unchanged.
#pragma once

#include <atomic>
#include <cstddef>

namespace idx::detail {

/// Registers [base, base + length) as a mapping to protect; `damaged` is set (never cleared) when a fault in
/// it was repaired and must outlive the registration. Installs the handler on first use. Returns a token for
/// unregisterMapping(), or -1 when the registry is full or the platform has no SIGBUS (the mapping then works
/// as before, unprotected).
[[nodiscard]] int registerMapping(const void* base, std::size_t length, std::atomic<bool>* damaged);
/// Forgets a registration; call before the range is unmapped. Ignores -1.
void unregisterMapping(int token);
/// Number of faults repaired so far in this process (for tests and diagnostics).
[[nodiscard]] long repairedFaults();

} // namespace idx::detail
