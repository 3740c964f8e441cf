#!/usr/bin/env bash
# Makes sure the Debian tools that build and measure the preflight corpus are installed: Ghostscript
# (PostScript → PDF, inkcov), qpdf (rewrite, encrypt, damage, --check), ImageMagick (raster images) and
# poppler-utils (pdfinfo/pdfimages, to verify what a file holds). Installs them when we are root on Debian.
set -euo pipefail

missing=()
command -v gs >/dev/null 2>&1 || missing+=(ghostscript)
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
# A `convert` on the PATH may be a stand-in that only renders previews; ImageMagick's own answers -version.
if ! convert -version 2>/dev/null | grep -q "ImageMagick"; then missing+=(imagemagick); fi
command -v pdfimages >/dev/null 2>&1 || missing+=(poppler-utils)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "The preflight corpus needs ${missing[*]}: installing Debian's packages…"
  install() { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }
  # A fresh container has no package lists yet: fetch them once and try again.
  if ! install; then
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    install
  fi
  exit 0
fi

echo "The preflight corpus needs ${missing[*]}. Install them (Debian: sudo apt-get install ${missing[*]})." >&2
exit 1
