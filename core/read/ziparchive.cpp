// A zip archive (a NumPy .npz) with libzip: opened once, its arrays listed (listNpz of sibling.h too), a
// member read as a ByteSource (libzip inflates a deflated member and checks its CRC at its end).
#include "ziparchive_p.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

#include <zip.h>

namespace idx {

namespace {
/// This file's messages in one translation context (a struct, so that lupdate finds the calls).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(idx)
};

class ZipSource final : public ByteSource {
public:
    ZipSource(std::shared_ptr<ZipArchive> archive, zip_file_t* file, qint64 size)
        : m_archive(std::move(archive)), m_file(file), m_size(size)
    {}
    ~ZipSource() override { zip_fclose(m_file); }

    qint64 read(char* into, qint64 max) override
    {
        qint64 got = 0;
        while (got < max && !m_status.end && !m_status.error) {
            const zip_int64_t n = zip_fread(m_file, into + got, zip_uint64_t(max - got));
            if (n < 0)
                m_status.fail(DiagCode::CorruptCompressed,
                              Tr::tr("the archive member is corrupt: %1")
                                  .arg(QString::fromUtf8(zip_file_strerror(m_file))));
            else if (n == 0)
                m_status.end = true;
            else
                got += n;
        }
        m_read += got;
        return got;
    }
    bool atEnd() const override { return m_status.end; }
    const std::optional<DecodeError>& error() const override { return m_status.error; }
    // libzip does not say how far into the archive it is: the share of the member read, of the archive.
    qint64 consumed() const override
    {
        return m_size > 0
                   ? qint64(double(m_archive->size()) * double(std::min(m_read, m_size)) / double(m_size))
                   : 0;
    }

private:
    std::shared_ptr<ZipArchive> m_archive; // the member's file is closed before the archive
    zip_file_t* m_file = nullptr;
    qint64 m_size = 0, m_read = 0;
    SourceStatus m_status;
};
} // namespace

std::shared_ptr<ZipArchive> ZipArchive::open(const QString& path, QString* error)
{
    int code = 0;
    zip_t* z = zip_open(QFile::encodeName(path).constData(), ZIP_RDONLY, &code);
    if (!z) {
        zip_error_t e;
        zip_error_init_with_code(&e, code);
        *error = Tr::tr("cannot read the zip archive: %1").arg(QString::fromUtf8(zip_error_strerror(&e)));
        zip_error_fini(&e);
        return nullptr;
    }
    std::shared_ptr<ZipArchive> archive(new ZipArchive);
    archive->m_zip = z;
    archive->m_size = QFileInfo(path).size();
    return archive;
}

ZipArchive::~ZipArchive()
{
    if (m_zip)
        zip_discard(m_zip);
}

NpzListing ZipArchive::list(const NpzWanted& wanted)
{
    NpzListing out;
    const zip_int64_t n = zip_get_num_entries(m_zip, 0);
    QByteArray head;
    for (zip_int64_t i = 0; i < n; ++i) {
        const char* raw = zip_get_name(m_zip, zip_uint64_t(i), 0);
        if (!raw)
            continue;
        QString name = QString::fromUtf8(raw);
        if (name.endsWith(QLatin1Char('/')))
            continue; // a folder entry
        NpzArray a;
        a.name = npzArrayName(name);
        a.member = name;
        if (!wanted || wanted(a.name))
            readLayout(quint64(i), head, a);
        out.arrays.push_back(std::move(a));
    }
    if (out.arrays.empty())
        out.error = Tr::tr("the archive holds no arrays");
    return out;
}

void ZipArchive::readLayout(quint64 index, QByteArray& head, NpzArray& a)
{
    zip_file_t* f = zip_fopen_index(m_zip, zip_uint64_t(index), 0);
    if (!f) {
        a.error = Tr::tr("cannot read the member: %1").arg(QString::fromUtf8(zip_strerror(m_zip)));
        return;
    }
    head.resize(kMaxSiblingHeader);
    qint64 got = 0;
    while (got < head.size()) {
        const zip_int64_t k = zip_fread(f, head.data() + got, zip_uint64_t(head.size() - got));
        if (k <= 0)
            break;
        got += k;
    }
    zip_fclose(f);
    LayoutParse parsed = parseNpyLayout(QByteArrayView(head.constData(), qsizetype(got)));
    a.layout = parsed.layout;
    a.error = parsed.error;
    if (a.layout)
        a.layout->format = SourceFormat::Npz;
}

std::unique_ptr<ByteSource> ZipArchive::member(const QString& member, QString* error)
{
    // The name as written first (a member need not end in ".npy"), then NAME.npy, as numpy's np.load looks
    // members up.
    QByteArray name = member.toUtf8();
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat(m_zip, name.constData(), 0, &st) != 0) {
        name += ".npy";
        zip_stat_init(&st);
        if (zip_stat(m_zip, name.constData(), 0, &st) != 0) {
            *error = Tr::tr("the archive has no member \"%1\"").arg(member);
            return nullptr;
        }
    }
    zip_file_t* file = zip_fopen(m_zip, name.constData(), 0);
    if (!file) {
        *error =
            Tr::tr("cannot read the member \"%1\": %2").arg(member, QString::fromUtf8(zip_strerror(m_zip)));
        return nullptr;
    }
    const qint64 size = (st.valid & ZIP_STAT_SIZE) ? qint64(st.size) : 0;
    return std::make_unique<ZipSource>(shared_from_this(), file, size);
}

NpzListing listNpz(const QString& path, const NpzWanted& wanted)
{
    QString error;
    const auto archive = ZipArchive::open(path, &error);
    if (!archive) {
        NpzListing out;
        out.error = error;
        return out;
    }
    return archive->list(wanted);
}

std::unique_ptr<ByteSource> zipSource(const QString& archive, const QString& member, QString* error)
{
    const auto zip = ZipArchive::open(archive, error);
    return zip ? zip->member(member, error) : nullptr;
}

} // namespace idx
