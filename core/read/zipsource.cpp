// A member of a zip archive (an .npz's array) as a ByteSource: libzip reads the archive's directory, inflates
// a deflated member and checks its CRC at its end.
#include "bytesource_p.h"

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
    ~ZipSource() override
    {
        if (m_file)
            zip_fclose(m_file);
        if (m_zip)
            zip_discard(m_zip);
    }
    bool open(const QString& archive, const QString& member, QString* error)
    {
        int code = 0;
        m_zip = zip_open(QFile::encodeName(archive).constData(), ZIP_RDONLY, &code);
        if (!m_zip) {
            zip_error_t e;
            zip_error_init_with_code(&e, code);
            *error = Tr::tr("cannot read the zip archive: %1").arg(QString::fromUtf8(zip_error_strerror(&e)));
            zip_error_fini(&e);
            return false;
        }
        // The name as written first (a member need not end in ".npy"), then NAME.npy, as numpy's np.load
        // looks members up.
        QByteArray name = member.toUtf8();
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_stat(m_zip, name.constData(), 0, &st) != 0) {
            name += ".npy";
            zip_stat_init(&st);
            if (zip_stat(m_zip, name.constData(), 0, &st) != 0) {
                *error = Tr::tr("the archive has no member \"%1\"").arg(member);
                return false;
            }
        }
        m_size = (st.valid & ZIP_STAT_SIZE) ? qint64(st.size) : 0;
        m_archiveSize = QFileInfo(archive).size();
        m_file = zip_fopen(m_zip, name.constData(), 0);
        if (!m_file) {
            *error = Tr::tr("cannot read the member \"%1\": %2")
                         .arg(member, QString::fromUtf8(zip_strerror(m_zip)));
            return false;
        }
        return true;
    }

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
        return m_size > 0 ? qint64(double(m_archiveSize) * double(std::min(m_read, m_size)) / double(m_size))
                          : 0;
    }

private:
    zip_t* m_zip = nullptr;
    zip_file_t* m_file = nullptr;
    qint64 m_size = 0, m_archiveSize = 0, m_read = 0;
    SourceStatus m_status;
};
} // namespace

std::unique_ptr<ByteSource> zipSource(const QString& archive, const QString& member, QString* error)
{
    auto source = std::make_unique<ZipSource>();
    if (!source->open(archive, member, error))
        return nullptr;
    return source;
}

} // namespace idx
