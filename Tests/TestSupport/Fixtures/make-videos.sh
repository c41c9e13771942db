#!/usr/bin/env bash
# Makes the videos in the codecs phones and cameras write that browsers do not commonly play, and a fragmented MP4:
# each 64 × 48 pixels, 1.5 seconds at 10 frames a second (the README says which is which). Made once with Debian 12's
# ffmpeg 5.1 (libx265 3.5) and committed; the tests never run this. Run it in this folder to make them again.
set -euo pipefail
cd "$(dirname "$0")"

picture=(-f lavfi -i testsrc=size=64x48:rate=10:duration=1.5)
sound=(-f lavfi -i sine=frequency=440:sample_rate=22050:duration=1.5)
quiet=(-nostdin -hide_banner -loglevel error -y)

# HEVC as an iPhone writes it: QuickTime, the `hvc1` sample entry, AAC sound, the header first.
ffmpeg "${quiet[@]}" "${picture[@]}" "${sound[@]}" -pix_fmt yuv420p -c:v libx265 -preset ultrafast \
  -x265-params log-level=error -tag:v hvc1 -c:a aac -b:a 24k -movflags +faststart hevc.mov
# HEVC in MP4 as ffmpeg writes it by default (`hev1`), no sound.
ffmpeg "${quiet[@]}" "${picture[@]}" -pix_fmt yuv420p -c:v libx265 -preset ultrafast -x265-params log-level=error \
  hevc.mp4
# ProRes 422 Proxy (`apco`), as cameras and editors write it.
ffmpeg "${quiet[@]}" "${picture[@]}" -c:v prores_ks -profile:v 0 prores.mov
# Motion JPEG in QuickTime (`jpeg`), as older cameras write it.
ffmpeg "${quiet[@]}" "${picture[@]}" -c:v mjpeg -q:v 5 mjpeg.mov
# MPEG-4 Part 2 in MP4 (`mp4v` with object type 0x20).
ffmpeg "${quiet[@]}" "${picture[@]}" -c:v mpeg4 -q:v 5 mpeg4.mp4
# H.264 in a fragmented MP4: an empty `moov` (no duration in `mvhd`, no `mehd`), a fragment every 5 frames.
ffmpeg "${quiet[@]}" "${picture[@]}" -pix_fmt yuv420p -c:v libx264 -preset ultrafast -g 5 \
  -movflags frag_keyframe+empty_moov fragmented.mp4
