// idxbench's decompressor baselines: a gzip file decoded memory to memory by zlib, ISA-L and libdeflate
// alone, the output buffer sized from the gzip trailer, for the open + load figure to be set against.
#pragma once

#include <QByteArray>
#include <QtEndian>

#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <zlib.h>

namespace bench {

inline quint32 gzipIsize(const QByteArray& gz)
{
    return qFromLittleEndian<quint32>(reinterpret_cast<const uchar*>(gz.constData()) + gz.size() - 4);
}

inline size_t zlibInflate(const QByteArray& gz, uchar* dst, size_t size)
{
    z_stream zs{};
    inflateInit2(&zs, 15 + 32);
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.constData()));
    zs.avail_in = uInt(gz.size());
    zs.next_out = dst;
    zs.avail_out = uInt(size);
    inflate(&zs, Z_FINISH);
    const size_t n = zs.total_out;
    inflateEnd(&zs);
    return n;
}

inline size_t isalInflate(const QByteArray& gz, uchar* dst, size_t size)
{
    inflate_state st;
    isal_inflate_init(&st);
    st.crc_flag = ISAL_GZIP;
    st.next_in = reinterpret_cast<uint8_t*>(const_cast<char*>(gz.constData()));
    st.avail_in = uint32_t(gz.size());
    st.next_out = dst;
    st.avail_out = uint32_t(size);
    isal_inflate(&st);
    return st.total_out;
}

inline size_t deflateInflate(const QByteArray& gz, uchar* dst, size_t size)
{
    libdeflate_decompressor* d = libdeflate_alloc_decompressor();
    size_t n = 0;
    libdeflate_gzip_decompress(d, gz.constData(), size_t(gz.size()), dst, size, &n);
    libdeflate_free_decompressor(d);
    return n;
}

} // namespace bench
