#!/bin/sh
# The arena runs of bench/results/speed/: strong (a time budget) against three basics on seeds
# fixed before the runs, each seed 2 shuffles, stopped by the clock (the unfinished seed is
# dropped). Run from the checkout whose code is measured:
#   sh bench/speed_arena.sh LABEL GAME "SEEDS" MINUTES OUTDIR
label=$1; game=$2; seeds=$3; minutes=$4; out=$5
end=$(( $(date +%s) + 60 * minutes ))
mkdir -p "$out"
for s in $seeds; do
  [ "$(date +%s)" -ge "$end" ] && break
  timeout $(( end - $(date +%s) )) nice -n 10 "${PY:-.venv/bin/python}" -m server.cli arena \
    --game "$game" --seats strong,basic,basic,basic --baseline basic --deals 2 --seed "$s" \
    --strong-ms 200 --jobs 1 --json > "$out/$game-$label-$s.json.tmp" \
    && mv "$out/$game-$label-$s.json.tmp" "$out/$game-$label-$s.json"
  rm -f "$out/$game-$label-$s.json.tmp"
done
