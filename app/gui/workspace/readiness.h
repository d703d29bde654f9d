// Readiness: when a tab is ready to be looked at (what --screenshot waits for): its first image painted (or
// nothing to paint), its payload loaded (or nothing more to come), and its panels' controllers done with what
// a first look shows (TabPanels::isReady: the statistics). Says so once.
#pragma once

#include <QObject>

#include <functional>

namespace idx::gui {

class Readiness : public QObject {
    Q_OBJECT
public:
    /// `panelsReady` tells whether the panels' controllers are done (asked at each change).
    explicit Readiness(std::function<bool()> panelsReady, QObject* parent = nullptr);

    [[nodiscard]] bool isReady() const { return m_ready; }
    [[nodiscard]] bool isPainted() const { return m_painted; }
    [[nodiscard]] bool isLoaded() const { return m_loaded; }

    /// The image was painted, or there is none to wait for (check() tells if that made the tab ready); false:
    /// a new image view is still to paint.
    void setPainted(bool painted = true) { m_painted = painted; }
    /// The payload finished loading, or nothing more will come.
    void setLoaded() { m_loaded = true; }

public slots:
    /// Emits ready() when everything is there (once).
    void check();

signals:
    void ready();

private:
    std::function<bool()> m_panelsReady;
    bool m_painted = false;
    bool m_loaded = false;
    bool m_ready = false;
};

} // namespace idx::gui
