#!/bin/sh
# Makes the photos with camera EXIF that MediaProbe's photo details tests read (issue 29): a 48 × 32 picture saved
# as JPEG, PNG and WebP by Pillow, as TIFF by Pillow and as HEIC by libvips, then given the same EXIF by exiftool
# (Debian 12's libimage-exiftool-perl 12.57): what a camera writes, with GPS coordinates (the Eiffel Tower).
# Run it in this folder: sh make-exif-images.sh
set -eu
python3 - <<'PY'
from PIL import Image
image = Image.new("RGB", (48, 32), (40, 120, 200))
image.save("exif-photo.jpg", quality=80)
image.save("exif-photo.png")
image.save("exif-photo.webp", quality=80)
image.save("exif-photo.tif")
image.save("exif-source.png")
PY
vips heifsave exif-source.png exif-photo.heic --compression hevc
rm exif-source.png
for file in exif-photo.jpg exif-photo.png exif-photo.webp exif-photo.tif exif-photo.heic; do
    exiftool -q -overwrite_original \
        -EXIF:Make="Canon" -EXIF:Model="Canon EOS R5" -EXIF:LensModel="RF24-105mm F4 L IS USM" \
        -EXIF:DateTimeOriginal="2024:05:17 14:03:22" -EXIF:OffsetTimeOriginal="+02:00" \
        -EXIF:FocalLength=50 -EXIF:FNumber=2.8 -EXIF:ExposureTime=1/250 -EXIF:ISO=400 \
        -EXIF:GPSLatitude=48.858333 -EXIF:GPSLatitudeRef=N -EXIF:GPSLongitude=2.2945 -EXIF:GPSLongitudeRef=E \
        "$file"
done
# The same JPEG in the Southern and Western hemispheres, big-endian (Motorola) byte order, and without GPS.
cp exif-photo.jpg exif-photo-south-west.jpg
exiftool -q -overwrite_original -ExifByteOrder=Big-endian -EXIF:GPSLatitude=33.856784 -EXIF:GPSLatitudeRef=S \
    -EXIF:GPSLongitude=151.215297 -EXIF:GPSLongitudeRef=W exif-photo-south-west.jpg
