// Remedies: for what a diagnosis names, the ways to read the file that would make sense of it — another type
// code (the payload an exact multiple of the declared size, or a code IDX does not know), a whole-file
// little-endian IDX, a little-endian payload, trailing bytes ignored. Each comes with the options to open the
// file with and the evidence from a bounded sample of its data; none is applied by itself.
#pragma once

#include "idxfile.h"

#include <vector>

namespace idx {

enum class RemedyKind : quint8 { ReadAsType, LittleEndianFile, LittleEndianPayload, IgnoreTrailing };
/// "read-as-type", "little-endian-file", "little-endian-payload", "ignore-trailing"
[[nodiscard]] QString remedyKindName(RemedyKind kind);

struct Remedy {
    RemedyKind kind = RemedyKind::IgnoreTrailing;
    OpenOptions options;   // the file's current options with this remedy applied
    QString description;   // "read the payload as float64 (type code 0x0E), dims kept"
    QString evidence;      // what the sample showed: "4,096 values sampled: all finite, |x| ≤ 31.6"
    bool plausible = true; // the sample read this way looks like real data
    /// Safe to apply without asking: a reversed header that reads whole, a payload with a little-endian
    /// verdict, or the only plausible type of an exact multiple.
    bool unambiguous = false;
    /// An unsigned type's reading whose sampled values all fit the signed IDX type of its size: the same
    /// values as that reading, so it does not make it ambiguous.
    bool sameAsSigned = false;
};

/// The remedies for the diagnostics of `file` (call it once loaded), most convincing first. Opens the
/// file again where a remedy needs its header read another way (for a compressed file with an unknown type
/// code that decodes it once, to learn the payload's size). Reads at most a few hundred KiB of data.
[[nodiscard]] std::vector<Remedy> findRemedies(const IdxFile& file, const Control& control = {});

struct Plausibility {
    bool plausible = false;
    QString evidence;
};
/// Whether the available data of `view` looks like values of its type: for floats every sampled value
/// finite and of sane magnitude; for multi-byte integers the most significant byte far less varied than
/// the least significant (real integers rarely use their whole range). Single-byte types are always
/// plausible.
[[nodiscard]] Plausibility checkPlausible(const TensorView& view);

} // namespace idx
