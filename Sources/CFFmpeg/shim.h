// FFmpeg for Swift: the one header of the CFFmpeg module.
//
// FFmpeg's functions and most constants import cleanly. What does not import is every function-like or
// composite macro (AVERROR(), the FFERRTAG codes, AV_NOPTS_VALUE, av_err2str, AV_TIME_BASE_Q, ...), because
// Swift only imports macros that expand to a single literal. Each of those that Swift code needs gets a
// `static const` copy or a `static inline` wrapper below, prefixed `CFFmpeg_`, with a comment saying why.
// See docs/INTEROP.md ("What Swift cannot import, and the fix").
#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>  // AVChannelLayout (FFmpeg 5.1's channel API) for audio
#include <libavutil/cpu.h>  // av_cpu_count: libvpx-vp9 needs an explicit thread count
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/mathematics.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>
#include <libswscale/swscale.h>

// MARK: - Error codes

// AVERROR_EOF is FFERRTAG('E','O','F',' '), a function-like macro expansion Swift cannot import.
// Returned by avcodec_receive_packet once a drained encoder has nothing left.
static const int CFFmpeg_AVERROR_EOF = AVERROR_EOF;

// AVERROR(EAGAIN) is a function-like macro. avcodec_receive_packet returns it when the encoder needs more
// input before it can produce a packet: not an error, the signal to send the next frame.
static const int CFFmpeg_AVERROR_EAGAIN = AVERROR(EAGAIN);

// AVERROR(ENOMEM): used from Swift when an allocator such as av_frame_alloc returns NULL, so that
// allocation failures are reported with FFmpeg's own message.
static const int CFFmpeg_AVERROR_ENOMEM = AVERROR(ENOMEM);

// AVERROR(EINVAL): used from Swift to report invalid arguments in FFmpeg's vocabulary.
static const int CFFmpeg_AVERROR_EINVAL = AVERROR(EINVAL);

// AVERROR_OPTION_NOT_FOUND is FFERRTAG(0xF8,'O','P','T'). av_opt_set returns it for an unknown option; Swift
// compares against it to report a misspelt codec option instead of ignoring it.
static const int CFFmpeg_AVERROR_OPTION_NOT_FOUND = AVERROR_OPTION_NOT_FOUND;

// AVERROR_ENCODER_NOT_FOUND is FFERRTAG(0xF8,'E','N','C').
static const int CFFmpeg_AVERROR_ENCODER_NOT_FOUND = AVERROR_ENCODER_NOT_FOUND;

// AVERROR(e) for any errno value, e.g. to turn a failed rename(2) into an FFmpeg-style code.
static inline int CFFmpeg_AVERROR(int errnum) { return AVERROR(errnum); }

// av_err2str is a macro around a compound-literal array, which Swift cannot import. This wrapper fills a
// caller-provided buffer (at least AV_ERROR_MAX_STRING_SIZE bytes) and always leaves a message in it:
// av_strerror already falls back to "Error number N occurred" for unknown codes.
static inline const char *CFFmpeg_error_string(int errnum, char *buffer, size_t size) {
  if (buffer == NULL || size == 0) return "";
  if (av_strerror(errnum, buffer, size) < 0 && buffer[0] == '\0') {
    snprintf(buffer, size, "Error number %d occurred", errnum);
  }
  return buffer;
}

// AV_ERROR_MAX_STRING_SIZE is a plain literal today, but the copy keeps Swift independent of that detail.
static const int CFFmpeg_ERROR_MAX_STRING_SIZE = AV_ERROR_MAX_STRING_SIZE;

// MARK: - Time

// AV_NOPTS_VALUE is ((int64_t)UINT64_C(0x8000000000000000)), a cast expression Swift cannot import.
static const int64_t CFFmpeg_NOPTS_VALUE = AV_NOPTS_VALUE;

// AV_TIME_BASE_Q is a compound literal (AVRational){1, AV_TIME_BASE}.
static const AVRational CFFmpeg_TIME_BASE_Q = {1, AV_TIME_BASE};

// MARK: - Pixel formats

// AV_PIX_FMT_RGB32 is an AV_PIX_FMT_NE(...) alias that picks a format by host byte order. Cairo's ARGB32 is
// native-endian, so this is the format that always matches Cairo memory (BGRA on little-endian hosts).
static const enum AVPixelFormat CFFmpeg_PIX_FMT_RGB32 = AV_PIX_FMT_RGB32;

// MARK: - Logging

// Nothing to wrap: av_log_set_level, av_log_set_callback and av_log_format_line2 import as they are (the
// callback's va_list arrives as CVaListPointer). FFmpegLog.swift in VideoEncoding lowers the default level to
// AV_LOG_ERROR, because FFmpeg otherwise prints x264's statistics to stderr, and can route lines to a sink.

#endif  // CFFMPEG_SHIM_H
