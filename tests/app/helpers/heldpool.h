// Holds every thread of Qt's global thread pool (QtConcurrent's) until released: background work started
// meanwhile is queued, not run, so a test can act before it starts (a cancel that is there first). Only for
// tests that paint nothing meanwhile: Qt's raster engine hands large fills to the same pool and waits for
// them.
#pragma once

#include <QSemaphore>
#include <QThreadPool>

#include <utility>

class HeldPool {
public:
    HeldPool() : m_threads(QThreadPool::globalInstance()->maxThreadCount())
    {
        for (int i = 0; i < m_threads; ++i)
            QThreadPool::globalInstance()->start([this] {
                m_held.release();
                m_release.acquire();
            });
        m_held.acquire(m_threads); // every thread is now waiting here
    }
    ~HeldPool() { release(); }
    HeldPool(const HeldPool&) = delete;
    HeldPool& operator=(const HeldPool&) = delete;

    void release() { m_release.release(std::exchange(m_threads, 0)); }

private:
    int m_threads;
    QSemaphore m_held;
    QSemaphore m_release;
};
