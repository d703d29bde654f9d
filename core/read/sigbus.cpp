// SIGBUS protection for memory-mapped files (see sigbus_p.h). The registry is a fixed array of slots claimed
// with compare-and-swap, so the signal handler reads it without locks or allocation; the handler only uses
// async-signal-safe calls (a raw mmap syscall, sigaction, raise).
#include "sigbus_p.h"

#include <QtGlobal>

#ifdef Q_OS_UNIX
#include <csignal>
#include <cstdint>
#include <mutex>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace idx::detail {

#ifdef Q_OS_UNIX
namespace {
constexpr int kSlots = 1024; // live raw mappings at once; beyond that files open unprotected

enum SlotState : int { Free = 0, Busy = 1, Live = 2 };

struct Slot {
    std::atomic<int> state{Free};
    std::atomic<std::uintptr_t> begin{0};
    std::atomic<std::uintptr_t> end{0};
    std::atomic<std::atomic<bool>*> damaged{nullptr};
};

Slot g_slots[kSlots];
std::atomic<long> g_repaired{0};
struct sigaction g_previous {};
std::once_flag g_installOnce;

// Hands a fault we do not own to whoever handled SIGBUS before us, or to the default action.
void chain(int sig, siginfo_t* info, void* context)
{
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(sig, info, context);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(sig);
        return;
    }
    // Default action: restore it and re-raise; a hardware fault also re-triggers when the handler returns.
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGBUS, &dfl, nullptr);
    raise(SIGBUS);
}

void onSigbus(int sig, siginfo_t* info, void* context)
{
    const auto addr = reinterpret_cast<std::uintptr_t>(info ? info->si_addr : nullptr);
    if (addr != 0) {
        for (Slot& s : g_slots) {
            if (s.state.load(std::memory_order_acquire) != Live)
                continue;
            if (addr < s.begin.load(std::memory_order_relaxed) ||
                addr >= s.end.load(std::memory_order_relaxed))
                continue;
            const long page = sysconf(_SC_PAGESIZE);
            const std::uintptr_t pageStart = addr & ~std::uintptr_t(page - 1);
            // The raw syscall: sanitizer runtimes intercept mmap(), and an interceptor is no place to be
            // inside a signal handler. MAP_FIXED replaces just this page of the file mapping with zeros.
            const long r = syscall(SYS_mmap, pageStart, page, PROT_READ,
                                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0L);
            if (r == -1)
                break; // cannot repair: let the fault take its normal course
            if (auto* flag = s.damaged.load(std::memory_order_relaxed))
                flag->store(true, std::memory_order_release);
            g_repaired.fetch_add(1, std::memory_order_relaxed);
            return; // the faulting read is restarted and now sees zeros
        }
    }
    chain(sig, info, context);
}

void install()
{
    struct sigaction sa {};
    sa.sa_sigaction = onSigbus;
    sigemptyset(&sa.sa_mask);
    // SA_NODEFER: a second fault while repairing (should not happen) still reaches a handler.
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigaction(SIGBUS, &sa, &g_previous);
}
} // namespace

int registerMapping(const void* base, std::size_t length, std::atomic<bool>* damaged)
{
    if (!base || length == 0)
        return -1;
    std::call_once(g_installOnce, install);
    for (int i = 0; i < kSlots; ++i) {
        Slot& s = g_slots[i];
        int expected = Free;
        if (!s.state.compare_exchange_strong(expected, Busy, std::memory_order_acquire))
            continue;
        const auto b = reinterpret_cast<std::uintptr_t>(base);
        s.begin.store(b, std::memory_order_relaxed);
        s.end.store(b + length, std::memory_order_relaxed);
        s.damaged.store(damaged, std::memory_order_relaxed);
        s.state.store(Live, std::memory_order_release);
        return i;
    }
    return -1;
}

void unregisterMapping(int token)
{
    if (token < 0 || token >= kSlots)
        return;
    Slot& s = g_slots[token];
    s.state.store(Busy, std::memory_order_release);
    s.damaged.store(nullptr, std::memory_order_relaxed);
    s.begin.store(0, std::memory_order_relaxed);
    s.end.store(0, std::memory_order_relaxed);
    s.state.store(Free, std::memory_order_release);
}

long repairedFaults()
{
    return g_repaired.load(std::memory_order_relaxed);
}
#else
int registerMapping(const void*, std::size_t, std::atomic<bool>*)
{
    return -1;
}
void unregisterMapping(int) {}
long repairedFaults()
{
    return 0;
}
#endif

} // namespace idx::detail
