// Names for label values ("Ankle boot" for 9 in Fashion-MNIST): from a known dataset (dataset.h) or from the
// user, read from the files people have — one name per line, EMNIST's "label code-point" mapping files, or a
// CSV ("label,name", or KMNIST's "index,codepoint,char") — and written back as a CSV that reads the same.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>

namespace idx {

class ClassNames {
public:
    ClassNames() = default;
    /// `names[k]` names label `first + k`; empty entries name nothing.
    explicit ClassNames(const QStringList& names, qint64 first = 0);

    [[nodiscard]] bool isEmpty() const { return m_names.empty(); }
    [[nodiscard]] int size() const { return int(m_names.size()); }
    /// The name of `label`, or an empty string.
    [[nodiscard]] QString name(qint64 label) const;
    /// "9 · Ankle boot", or "9" when the label has no name.
    [[nodiscard]] QString caption(qint64 label) const;
    /// "Ankle boot", or "9" when the label has no name (where space is short: gallery captions).
    [[nodiscard]] QString text(qint64 label) const;
    /// The name made safe for a file name: "Ankle-boot", "T-shirt-top" (empty when the label has none), at
    /// most kMaxFileSafeBytes of UTF-8.
    [[nodiscard]] QString fileSafeName(qint64 label) const;
    /// The label a person typed or picked: a caption ("9 · Ankle boot"), a name (exactly, or ignoring case
    /// when that names one label only) or a number; nullopt for anything else.
    [[nodiscard]] std::optional<qint64> labelOf(const QString& text) const;
    /// Sets (or, with an empty name, removes) one label's name.
    void set(qint64 label, const QString& name);
    [[nodiscard]] const std::map<qint64, QString>& all() const { return m_names; }
    /// Names for labels 0 … max, in order, empty where a label has none (for JSON "class_names").
    [[nodiscard]] QStringList byValue() const;

    /// Reads names from a file's bytes (UTF-8), in the first form that fits every line:
    /// - a CSV whose records are "label,name" (a header row is skipped; with three or more columns, as in
    ///   KMNIST's "index,codepoint,char", the last column is the name);
    /// - an EMNIST mapping: "label code [code …]" with decimal Unicode code points (the first one is used:
    ///   "10 65 97" names label 10 "A");
    /// - one name per line: line k (from 0) names label k.
    /// Empty on failure, with `error` naming the line and the problem.
    [[nodiscard]] static ClassNames parse(const QByteArray& text, QString* error = nullptr);
    /// parse() of a file's contents; empty on failure, with `error` saying why (unreadable, larger than
    /// kMaxFileBytes, or what parse() found).
    [[nodiscard]] static ClassNames load(const QString& path, QString* error = nullptr);
    static constexpr qint64 kMaxFileBytes = 4 << 20;    // EMNIST ByClass's 62 names take 500 bytes
    static constexpr qsizetype kMaxName = 200;          // characters: a longer text is not a class name
    static constexpr qsizetype kMaxFileSafeBytes = 100; // of a name in a file name (UTF-8; 255 is the limit)
    /// The names as a CSV ("label,name" header, then one row per label), which parse() reads back.
    [[nodiscard]] QByteArray toCsv() const;

    friend bool operator==(const ClassNames&, const ClassNames&) = default;

private:
    std::map<qint64, QString> m_names;
};

} // namespace idx
