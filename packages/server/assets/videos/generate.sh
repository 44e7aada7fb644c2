#!/usr/bin/env bash
# Maintainer-only: regenerates the demo guidance videos of the reference server (one WebM per entry
# of videos.json: a title card with the topic's name over moving bars). The .webm files are
# committed; CI, `npm start` and the tests never run this script and never need ffmpeg.
#
#   apt-get install -y ffmpeg fonts-dejavu-core   # or any ffmpeg with libvpx-vp9 and drawtext
#   packages/server/assets/videos/generate.sh
#
# Each file is 6 s of 480x270 VP9 at 15 fps without sound (Chromium without H.264 plays it), about
# 25-45 KB; the server's tests keep each under 60 KB and all of them under 450 KB.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
font="${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}"
bold="${FONT_BOLD:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}"
for f in "$font" "$bold"; do
  [ -f "$f" ] || { echo "Font $f not found: install fonts-dejavu-core or set FONT and FONT_BOLD" >&2; exit 1; }
done
command -v ffmpeg >/dev/null || { echo "ffmpeg not found: apt-get install -y ffmpeg" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

duration=6
# id, title, background and accent colour of each video, one per line, tab-separated.
node -e 'for (const v of require(process.argv[1])) console.log([v.id, v.title, v.background, v.accent].join("\t"))' "$here/videos.json" |
  while IFS=$'\t' read -r id title background accent; do
    n=$((${n:-0} + 1))
    # Texts go through files, so no character of a title needs escaping for the filter graph.
    printf '%s' "$title" >"$work/$id.title"
    printf '%s' 'guided tour · Cloud Portal demo video' >"$work/$id.subtitle"
    # Six bars rise and fall (in a rhythm of their own in each video) above a baseline (the part below it is painted over), a strip runs
    # along the bottom as the video plays.
    bars=""
    chain="[0:v]"
    for k in 0 1 2 3 4 5; do
      bars="$bars[b$k]"
      chain="$chain[b$k]overlay=x=$((40 + k * 70)):y='220-(20+80*(0.5+0.5*sin(2*PI*t/(2+0.3*$k)+$k*(1+0.4*$n))))'[v$k];[v$k]"
    done
    graph="[1:v]split=6$bars;${chain}drawbox=x=0:y=220:w=iw:h=ih-220:c=$background:t=fill,"
    graph="${graph}drawbox=x=30:y=220:w=420:h=2:c=white@0.8:t=fill,"
    graph="${graph}drawtext=fontfile=$bold:textfile=$work/$id.title:fontsize=28:fontcolor=white:x=(w-text_w)/2:y=26,"
    graph="${graph}drawtext=fontfile=$font:textfile=$work/$id.subtitle:fontsize=16:fontcolor=white@0.85:x=(w-text_w)/2:y=68[card];"
    graph="${graph}[card][2:v]overlay=x='-w+w*t/$duration':y=H-8,format=yuv420p[out]"
    ffmpeg -nostdin -hide_banner -loglevel error -y \
      -f lavfi -i "color=c=$background:s=480x270:r=15:d=$duration" \
      -f lavfi -i "color=c=$accent:s=44x110:r=15:d=$duration" \
      -f lavfi -i "color=c=white:s=480x4:r=15:d=$duration" \
      -filter_complex "$graph" -map '[out]' -an \
      -c:v libvpx-vp9 -b:v 0 -crf 45 -deadline good -cpu-used 1 -row-mt 1 -g 45 \
      -metadata title="$title — guided tour" -fflags +bitexact -flags:v +bitexact \
      "$here/$id.webm"
    printf '%-16s %6d bytes\n' "$id.webm" "$(stat -c %s "$here/$id.webm")"
  done
