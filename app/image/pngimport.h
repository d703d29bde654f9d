// Importing images: a folder of same-sized PNGs into a new IDX images file (uint8, N×H×W, natural name order)
// plus a labels file from the file names (NAME_LABEL.png, as our export writes them) or a CSV of
// filename,label; and one QImage into the bytes of a record (for "replace record from PNG").
#pragma once

#include "header.h"
#include "progress.h"
#include "writer.h"

#include <QImage>
#include <QStringList>

#include <optional>

namespace idx {

/// Natural order: "img2.png" before "img10.png" (digit runs compare as numbers, the rest case-insensitively).
[[nodiscard]] bool naturalLess(const QString& a, const QString& b);
/// The label in a file name ending in _LABEL.png ("00042_7.png" → 7, "cat_-1.png" → -1), if any.
[[nodiscard]] std::optional<qint64> labelFromFileName(const QString& fileName);

enum class LabelSource : quint8 { None, FileNames, Csv };

struct PngImportOptions {
    QString folder;     // the *.png files directly inside (case-insensitive suffix)
    QString imagesPath; // the IDX images file to write
    LabelSource labels = LabelSource::FileNames;
    QString labelsPath; // the IDX labels file to write (required unless labels == None)
    QString labelsCsv;  // for LabelSource::Csv: CSV records "filename,label" (RFC 4180 quoting; an optional
                        // header is skipped; read by CsvReader with the change log's rules)
    Container container = Container::Raw;
};

struct PngImportResult {
    bool ok = false;
    QString error;     // user-facing reason (nothing is written when set)
    QString errorPath; // the file the error is about (native separators), when there is one
    QStringList notes; // e.g. colour images converted to gray
    QStringList files; // the imported files in record order
    int width = 0;
    int height = 0;
    DType labelType = DType::UInt8; // uint8 when all labels fit, else int32
    explicit operator bool() const { return ok; }
};

/// Reads every PNG (progress counts files), then writes the images (and labels) files atomically. All images
/// must have the first one's size. Holds the N×H×W payload in memory while importing (the output's size).
[[nodiscard]] PngImportResult importPngFolder(const PngImportOptions& options, const Control& control = {});

struct RecordFromImage {
    QByteArray bytes; // one record, big-endian, for EditableTensor::setRecord
    QString error;
    QString note; // set when the image was converted to gray
    explicit operator bool() const { return error.isEmpty(); }
};
/// The record bytes for `image` in a tensor whose records are H×W (a 3-D tensor, or records with two axes
/// of sizes H and W): gray values 0..255 encoded in the tensor's dtype. Errors name both sizes on mismatch.
[[nodiscard]] RecordFromImage recordFromImage(const QImage& image, const Header& header);

} // namespace idx
