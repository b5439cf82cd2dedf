import { goString } from './go-template';
import { ClassVariableShape, proxyVariableStatements } from './variable-shapes';
import { ipBounds } from '../noproxy/entry-bounds';
import { formatNoProxyEntry } from '../noproxy/format';
import { renderNoProxyEntry } from '../noproxy/render';
import { ParsedNoProxyEntry, NoProxyEntryKind } from '../noproxy/types';
import { formatIpNumber, parseIpNumber } from '../primitives/ip';

/**
 * The NO_PROXY engine as Go template source, for ClusterClass patches: one class serves many
 * clusters, so the cluster-specific entries are computed on the management cluster, from Cluster
 * API's builtin variables and the cluster's proxy variable, when the topology controller renders
 * the templates. The installation-wide and class-wide entries are fixed per class and precomputed
 * here by the core engine.
 *
 * The template repeats what `NoProxy` does for the entries it computes, so that it prints exactly
 * the core's string for the same facts:
 *  - parses IPv4/IPv6 addresses and CIDRs into fixed-width hex (comparing two hex strings of the
 *    same length compares the addresses), refusing host bits, and prints them canonically
 *    (RFC 5952 for IPv6, so `FD00:0::/112` prints as `fd00::/112`);
 *  - derives the API server ClusterIP (first host) and cluster DNS ClusterIP (10th address) of
 *    every service CIDR (`knownClusterIps`): its network address ends in a zero nibble (the CIDR
 *    holds at least 16 addresses), so both are the network with its last hex digit replaced;
 *  - drops entries covered by the installation-wide part, duplicates, and entries another
 *    cluster-specific entry covers for every client (the rules of `NoProxyCoverageIndex.findCover`);
 *  - renders each kept entry as `renderNoProxyEntry` does and removes repeated tokens.
 * Values it cannot read fail the template (the topology controller reports the message on the
 * Cluster) instead of producing a NO_PROXY that differs from the library's.
 */

/** A cluster-specific part the template computes from the Cluster (builtins) or its proxy variable. */
export type NoProxyTemplateSlot =
  | 'clusterDomain'
  | 'clusterIps'
  | 'podCidrs'
  | 'serviceCidrs'
  | 'controlPlaneEndpoint'
  | 'machineCidrs'
  | 'clusterNoProxy';

/** One step of the cluster-specific part, in the core engine's order. */
export type NoProxyTemplateStep = { readonly fixed: ParsedNoProxyEntry } | { readonly slot: NoProxyTemplateSlot };

/** What the template needs: the precomputed parts and the order of the cluster-specific part. */
export interface NoProxyTemplatePlan {
  /** The normalized installation-wide entries (they can cover cluster-specific ones). */
  readonly installationWide: ParsedNoProxyEntry[];
  /** The cluster-specific part in order: fixed entries and computed slots. */
  readonly steps: NoProxyTemplateStep[];
  /** Name of the proxy variable (a Go identifier). */
  readonly variable: string;
  /**
   * Shape of the proxy variable.
   *
   * @default ClassVariableShape.LIBRARY
   */
  readonly shape?: ClassVariableShape;
}

/** Prefix of every message the templates fail with, so users can tell who refused their Cluster. */
export const TEMPLATE_ERROR_PREFIX = 'cluster-proxy-constructs';

/**
 * A fixed entry as the template's record text: `=kind|name|family|first|last|port|key|tokens`
 * (`kind` one letter; addresses as fixed-width hex; tokens separated by spaces). `last` is left
 * empty when it is `first`, `tokens` when they are the key alone: every character counts against
 * the template limit.
 */
export function noProxyRecord(entry: ParsedNoProxyEntry): string {
  const key = formatNoProxyEntry(entry);
  const rendered = renderNoProxyEntry(entry).join(' ');
  const tokens = rendered === key ? '' : rendered;
  const port = 'port' in entry && entry.port !== undefined ? String(entry.port) : '';
  switch (entry.kind) {
    case NoProxyEntryKind.WILDCARD:
      return `=w||||||${key}|${tokens}`;
    case NoProxyEntryKind.DOMAIN:
    case NoProxyEntryKind.SUFFIX:
      return `=${entry.kind === NoProxyEntryKind.DOMAIN ? 'd' : 's'}|${entry.name}||||${port}|${key}|${tokens}`;
    case NoProxyEntryKind.IP:
      return `=i||${familyDigit(entry.family)}|${toHex(parseIpNumber(entry.address)!.value, entry.family)}||${port}|${key}|${tokens}`;
    case NoProxyEntryKind.CIDR:
    case NoProxyEntryKind.RANGE: {
      const { first, last } = ipBounds(entry)!;
      return `=${entry.kind === NoProxyEntryKind.CIDR ? 'c' : 'r'}||${familyDigit(entry.family)}|${toHex(first, entry.family)}|${toHex(last, entry.family)}||${key}|${tokens}`;
    }
  }
}

/**
 * The patterns the template's parser accepts (Go RE2 and JavaScript read them alike): a host name
 * or domain (labels of `a-z0-9_`, hyphens inside), an IPv4 address, an IPv6 address without an
 * embedded IPv4 part.
 */
const NAME_PATTERN = '^([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?\\.)*[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$';
const IPV4_PATTERN = '^[0-9]{1,3}(\\.[0-9]{1,3}){3}$';
const IPV6_PATTERN = '^([0-9a-f]{1,4}(:[0-9a-f]{1,4})*)?(::([0-9a-f]{1,4}(:[0-9a-f]{1,4})*)?)?$';

/**
 * A fixed entry as the text the template parses itself (`|text`, the item form of the computed
 * entries with an empty field), when its parser yields exactly {@link noProxyRecord}'s record:
 * names, suffixes, IPs and CIDRs without a port, in canonical form. Such an entry costs its text
 * alone against the template limit instead of a record repeating it up to four times. Other
 * entries (ports, ranges, a one-address CIDR, which the parser reads as an IP) keep the record.
 */
export function noProxyTemplateItem(entry: ParsedNoProxyEntry, installationWide = false): string {
  if (readsAsIs(entry)) {
    return `|${formatNoProxyEntry(entry)}`;
  }
  const record = noProxyRecord(entry);
  // An installation-wide entry only ever covers others, and one with a port covers nothing: its
  // name is never read.
  return installationWide && 'port' in entry && entry.port !== undefined ? record.replace(/^(=[ds])\|[^|]*/, '$1|') : record;
}

function readsAsIs(entry: ParsedNoProxyEntry): boolean {
  const text = formatNoProxyEntry(entry);
  switch (entry.kind) {
    case NoProxyEntryKind.DOMAIN:
    case NoProxyEntryKind.SUFFIX: {
      const name = entry.name.replace(/\.$/, '');
      return entry.port === undefined && name.length <= 253 && new RegExp(NAME_PATTERN).test(name) && !/(^|\.)[0-9]+$/.test(name)
        && text === (entry.kind === NoProxyEntryKind.DOMAIN ? entry.name : `.${entry.name}`);
    }
    case NoProxyEntryKind.IP:
      return entry.port === undefined && new RegExp(entry.family === 'IPv4' ? IPV4_PATTERN : IPV6_PATTERN).test(text)
        && canonicalAddress(entry.address) === text;
    case NoProxyEntryKind.CIDR:
      return entry.prefixLength < (entry.family === 'IPv4' ? 32 : 128)
        && new RegExp(entry.family === 'IPv4' ? IPV4_PATTERN : IPV6_PATTERN).test(entry.network)
        && canonicalAddress(entry.network) === entry.network;
    default:
      return false;
  }
}

/** The address as the core prints it (the template prints the same canonical form). */
function canonicalAddress(address: string): string | undefined {
  const ip = parseIpNumber(address);
  return ip ? formatIpNumber(ip) : undefined;
}

function familyDigit(family: 'IPv4' | 'IPv6'): string {
  return family === 'IPv4' ? '4' : '6';
}

function toHex(value: bigint, family: 'IPv4' | 'IPv6'): string {
  return value.toString(16).padStart(family === 'IPv4' ? 8 : 32, '0');
}

/**
 * Fail the template with `<prefix>: <field>: "<value>" <reason>`; `field`, `value` and `reason` are
 * Go template operands.
 */
function fail(field: string, value: string, reason: string): string {
  return `{{- template "er" (list ${field} ${value} ${reason}) -}}`;
}

/**
 * The `define`d helpers the engine calls. Go templates have no functions that return values, so
 * each helper writes its result into the `r` dictionary it is given (Sprig's `set` changes the
 * dictionary in place) and prints nothing.
 */
const HELPERS: string[] = [
  // er: (list field value reason) fails the template with the library's prefix.
  `{{- define "er" -}}{{- fail (printf "${TEMPLATE_ERROR_PREFIX}: %s: %q %s" (index . 0) (index . 1) (index . 2)) -}}{{- end -}}`,

  // ip: .s an IP address, .w its field; sets .r.f ("4" or "6") and .r.x (hex, 8 or 32 digits).
  '{{- define "ip" -}}',
  '{{- $s := .s -}}{{- $x := "" -}}',
  `{{- if regexMatch ${goString(IPV4_PATTERN)} $s -}}`,
  '{{- range splitList "." $s -}}',
  '{{- if or (gt (atoi .) 255) (regexMatch "^0[0-9]" .) -}}{{- template "er" (list $.w $s "is not an IPv4 address") -}}{{- end -}}',
  '{{- $x = printf "%s%02x" $x (atoi .) -}}',
  '{{- end -}}',
  '{{- $_ := set .r "f" "4" -}}',
  // IPv6: expand "::" to the missing zero groups, then pad every group to four digits.
  `{{- else if regexMatch ${goString(IPV6_PATTERN)} $s -}}`,
  '{{- $e := trimSuffix ":" (trimPrefix ":" (replace "::" (print ":" (repeat (int (max 1 (sub 8 (len (compact (splitList ":" $s)))))) "0:")) $s)) -}}',
  '{{- if ne (len (splitList ":" $e)) 8 -}}{{- template "er" (list .w $s "is not an IPv6 address") -}}{{- end -}}',
  '{{- range splitList ":" $e -}}{{- $x = print $x (repeat (int (sub 4 (len .))) "0") . -}}{{- end -}}',
  '{{- $_ := set .r "f" "6" -}}',
  '{{- else -}}{{- template "er" (list .w $s "is not an IP address") -}}{{- end -}}',
  '{{- $_ := set .r "x" $x -}}',
  '{{- end -}}',

  // ft: .x a hex address; sets .r.v, its canonical text (RFC 5952 for IPv6: leading zeros dropped,
  // the first longest run of two or more zero groups written as "::").
  '{{- define "ft" -}}',
  '{{- if eq (len .x) 8 -}}',
  '{{- $o := list -}}{{- range regexFindAll ".." .x -1 -}}{{- $o = append $o (int (print "0x" .)) -}}{{- end -}}',
  '{{- $_ := set .r "v" (join "." $o) -}}',
  '{{- else -}}',
  '{{- $v := regexReplaceAll "(^|:)0{1,3}" (trimSuffix ":" (regexReplaceAll "(.{4})" .x "${1}:")) "${1}" -}}{{- $done := false -}}',
  '{{- range list 8 7 6 5 4 3 2 -}}{{- if not $done -}}',
  '{{- $pt := regexSplit (printf "(^|:)0(:0){%d}(:|$)" (sub . 1)) $v 2 -}}',
  '{{- if eq (len $pt) 2 -}}{{- $v = print (index $pt 0) "::" (index $pt 1) -}}{{- $done = true -}}{{- end -}}',
  '{{- end -}}{{- end -}}',
  '{{- $_ := set .r "v" $v -}}',
  '{{- end -}}',
  '{{- end -}}',

  // cd: .s "address/prefix"; sets .r.f, .r.x (first address), .r.b (last address), .r.p (prefix).
  '{{- define "cd" -}}',
  '{{- $pt := splitList "/" .s -}}',
  '{{- if or (ne (len $pt) 2) (not (regexMatch "^[0-9]{1,3}$" (last $pt))) -}}{{- template "er" (list .w .s "is not a CIDR") -}}{{- end -}}',
  '{{- template "ip" (dict "s" (first $pt) "w" .w "r" .r) -}}',
  '{{- $p := atoi (last $pt) -}}{{- $n := len .r.x -}}',
  '{{- if or (lt $p 1) (gt $p (mul 4 $n)) -}}{{- template "er" (list .w .s "has an invalid prefix length") -}}{{- end -}}',
  // The last address: the prefix digits, then the partial digit with its host bits set, then "f"s;
  // the digits after the prefix must be zero (no host bits).
  '{{- $q := int (div $p 4) -}}{{- $hi := substr 0 $q .r.x -}}{{- $z := substr $q $n .r.x -}}',
  '{{- if gt (mod $p 4) 0 -}}',
  '{{- $v := int (print "0x" (substr 0 1 $z)) -}}{{- $m := index (list 0 7 3 1) (mod $p 4) -}}',
  '{{- if mod $v (add1 $m) -}}{{- template "er" (list .w .s "has host bits set") -}}{{- end -}}',
  '{{- $hi = printf "%s%x" $hi (add $v $m) -}}{{- $z = substr 1 (len $z) $z -}}',
  '{{- end -}}',
  '{{- if not (regexMatch "^0*$" $z) -}}{{- template "er" (list .w .s "has host bits set") -}}{{- end -}}',
  '{{- $_ := set .r "b" (print $hi (repeat (len $z) "f")) -}}{{- $_ := set .r "p" $p -}}',
  '{{- end -}}',

  // ie: .f family, .x hex; sets .r.e, the record of one IP address.
  '{{- define "ie" -}}',
  '{{- $t := dict -}}{{- template "ft" (dict "x" .x "r" $t) -}}',
  '{{- $tk := list $t.v -}}{{- if eq .f "6" -}}{{- $tk = append $tk (printf "[%s]" $t.v) -}}{{- end -}}',
  '{{- $_ := set .r "e" (dict "k" "i" "n" "" "f" .f "a" .x "b" .x "p" "" "y" $t.v "t" $tk) -}}',
  '{{- end -}}',

  // en: .s one entry (a name, .suffix, *.suffix, IP, CIDR, or "#hex" for a computed IP), .w its
  // field; sets .r.e, its record.
  '{{- define "en" -}}',
  '{{- $s := .s -}}',
  '{{- if hasPrefix "#" $s -}}',
  '{{- $x := trimPrefix "#" $s -}}{{- template "ie" (dict "f" (ternary "4" "6" (eq (len $x) 8)) "x" $x "r" .r) -}}',
  '{{- else if contains "/" $s -}}',
  '{{- $c := dict -}}{{- template "cd" (dict "s" $s "w" .w "r" $c) -}}',
  '{{- if eq $c.p (mul 4 (len $c.x)) -}}{{- template "ie" (dict "f" $c.f "x" $c.x "r" .r) -}}',
  '{{- else -}}',
  '{{- $lo := dict -}}{{- template "ft" (dict "x" $c.x "r" $lo) -}}',
  '{{- $ky := printf "%s/%d" $lo.v $c.p -}}{{- $tk := list $ky -}}',
  '{{- if eq $c.f "4" -}}{{- $hi := dict -}}{{- template "ft" (dict "x" $c.b "r" $hi) -}}{{- $tk = append $tk (printf "%s-%s" $lo.v $hi.v) -}}{{- end -}}',
  '{{- $_ := set .r "e" (dict "k" "c" "n" "" "f" $c.f "a" $c.x "b" $c.b "p" "" "y" $ky "t" $tk) -}}',
  '{{- end -}}',
  '{{- else if or (contains ":" $s) (regexMatch "^[0-9.]+$" $s) -}}',
  '{{- $a := dict -}}{{- template "ip" (dict "s" $s "w" .w "r" $a) -}}{{- template "ie" (dict "f" $a.f "x" $a.x "r" .r) -}}',
  '{{- else -}}',
  '{{- $n := $s -}}{{- $k := "d" -}}',
  '{{- if hasPrefix "*." $s -}}{{- $n = trimPrefix "*." $s -}}{{- $k = "s" -}}{{- else if hasPrefix "." $s -}}{{- $n = trimPrefix "." $s -}}{{- $k = "s" -}}{{- end -}}',
  '{{- $br := trimSuffix "." $n -}}',
  `{{- if or (gt (len $br) 253) (not (regexMatch ${goString(NAME_PATTERN)} $br)) (regexMatch "(^|\\\\.)[0-9]+$" $br) -}}{{- template "er" (list .w $s "is not a host name, domain, IP address or CIDR") -}}{{- end -}}`,
  '{{- $tk := list (print "." $n) -}}{{- $ky := print "." $n -}}',
  '{{- if eq $k "d" -}}{{- $tk = list $n (print "." $n) -}}{{- $ky = $n -}}{{- end -}}',
  '{{- $_ := set .r "e" (dict "k" $k "n" $n "f" "" "a" "" "b" "" "p" "" "y" $ky "t" $tk) -}}',
  '{{- end -}}',
  '{{- end -}}',

  // cv: .o covers .i for every client family (NoProxyCoverageIndex.findCover; the keys differ); sets .r.v.
  '{{- define "cv" -}}',
  '{{- $o := .o -}}{{- $i := .i -}}{{- $v := false -}}',
  '{{- if eq $o.k "w" -}}{{- $v = true -}}',
  '{{- else if or (eq $i.k "w") (ne $o.p "") -}}',
  '{{- else if or (eq $o.k "d") (eq $o.k "s") -}}',
  '{{- if or (eq $i.k "d") (eq $i.k "s") -}}',
  // A name covers its subdomains; the same name is covered unless a suffix would cover a domain.
  '{{- $v = or (hasSuffix (print "." $o.n) $i.n) (and (eq $i.n $o.n) (not (and (eq $i.k "d") (eq $o.k "s")))) -}}',
  '{{- end -}}',
  '{{- else if eq $o.k "i" -}}{{- $v = and (eq $i.k "i") (ne $i.p "") (eq $i.a $o.a) -}}',
  '{{- else if or (eq $i.k "c") (eq $i.k "r") -}}{{- $v = and (eq $i.f $o.f) (le $o.a $i.a) (le $i.b $o.b) -}}',
  '{{- end -}}',
  '{{- $_ := set .r "v" $v -}}',
  '{{- end -}}',
];

/**
 * Go template code that reads one fixed record (`$it`) into a dictionary and appends it to `$al`,
 * restoring an empty `last` (the first address) and empty tokens (the key).
 */
const DECODE_RECORD = '{{- $f := splitList "|" (trimPrefix "=" $it) -}}{{- $d := dict -}}'
  + '{{- range $i, $k := list "k" "n" "f" "a" "b" "p" "y" "t" -}}{{- $_ := set $d $k (index $f $i) -}}{{- end -}}'
  + '{{- if not $d.b -}}{{- $_ := set $d "b" $d.a -}}{{- end -}}{{- if not $d.t -}}{{- $_ := set $d "t" $d.y -}}{{- end -}}'
  + '{{- $_ := set $d "t" (splitList " " $d.t) -}}{{- $al = append $al $d -}}';

/**
 * Where each slot's raw values come from, as Go template code appending `"<field>|<value>"` items
 * to `$rw`. `$nt` is the Cluster's network builtin, `$pv` the proxy variable.
 */
const SLOT_CODE: Readonly<Record<NoProxyTemplateSlot, string>> = {
  clusterDomain: '{{- $rw = concat $rw (list (print "serviceDomain|.svc." $dm) (print "serviceDomain|." $dm) (print "serviceDomain|." $dm ".")) -}}',
  clusterIps: '{{- $rw = concat $rw $ips -}}',
  podCidrs: '{{- range $pd -}}{{- $rw = append $rw (print "pods|" (lower .)) -}}{{- end -}}',
  serviceCidrs: '{{- range $sv -}}{{- $rw = append $rw (print "services|" (lower .)) -}}{{- end -}}',
  controlPlaneEndpoint: '{{- with dig "controlPlaneEndpoint" "" $pv -}}{{- $rw = append $rw (print "controlPlaneEndpoint|" (lower .)) -}}{{- end -}}',
  machineCidrs: '{{- range dig "machineCidrs" (list) $pv -}}{{- $rw = append $rw (print "machineCidrs|" (lower .)) -}}{{- end -}}',
  clusterNoProxy: '{{- range dig "noProxy" (list) $pv -}}{{- $rw = append $rw (print "noProxy|" (lower .)) -}}{{- end -}}',
};

/** The `define`d helpers; put them once at the top of every template that runs the engine. */
export function noProxyTemplateHelpers(): string[] {
  return [...HELPERS];
}

/** A Go string literal (outside of which the compaction below may rewrite). */
const GO_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * Join template lines into the text Cluster API stores: the CRDs cap a template at 10240
 * characters. The lines are written with `{{-`/`-}}` and spaced operators so they read well;
 * outside string literals the joined text drops what Go's template lexer does not need:
 *  - the trim markers (no text lies between the actions once joined without separators);
 *  - the spaces around `:=`, around `|` and after `,` (each is a token of its own; only the space
 *    before `=` stays: a variable name must end at a space or one of `.,|:()`).
 */
export function compactTemplate(lines: string[]): string {
  const text = lines.join('');
  const literals = text.match(GO_STRING) ?? [];
  return text.split(GO_STRING).map((code) => code
    .replace(/\{\{- /g, '{{')
    .replace(/ -\}\}/g, '}}')
    .replace(/ := /g, ':=')
    .replace(/ = /g, ' =')
    .replace(/ \| /g, '|')
    .replace(/, /g, ','))
    .map((code, index) => code + (literals[index] ?? ''))
    .join('');
}

/**
 * Statements computing the NO_PROXY value into the template variable `$noProxy` (declare nothing
 * of that name before). The helpers of {@link noProxyTemplateHelpers} must be in the same template.
 */
export function noProxyTemplateStatements(plan: NoProxyTemplatePlan): string[] {
  const everything = [...plan.installationWide, ...plan.steps.flatMap((step) => ('fixed' in step ? [step.fixed] : []))];
  if (everything.some((entry) => entry.kind === NoProxyEntryKind.WILDCARD)) {
    // A `*` anywhere means NO_PROXY is `*` alone, whatever the cluster (as the core renders it).
    return ['{{- $noProxy := "*" -}}'];
  }
  const slots = new Set(plan.steps.flatMap((step) => ('slot' in step ? [step.slot] : [])));
  const lines: string[] = [
    ...proxyVariableStatements(plan.shape ?? ClassVariableShape.LIBRARY, plan.variable),
    '{{- $nt := dig "cluster" "network" (dict) .builtin -}}',
    '{{- $pd := dig "pods" (list) $nt -}}{{- $sv := dig "services" (list) $nt -}}',
    '{{- $dm := lower (dig "serviceDomain" "cluster.local" $nt) -}}',
    `{{- if or (not $pd) (not $sv) -}}${fail('"Cluster.spec.clusterNetwork"', '(print "pods=" $pd " services=" $sv)', '"must list pods and services CIDRs (NO_PROXY is computed from them)"')}{{- end -}}`,
  ];
  if (slots.has('clusterIps')) {
    lines.push(
      // The API server and DNS ClusterIPs of every service CIDR (one per family), as "#hex" items:
      // each CIDR must hold at least 16 addresses, so its network address ends in a zero hex digit.
      // The first CIDR's are the cluster's own (its DNS IP may be set); the others are named by index.
      '{{- $ips := list -}}{{- range $k, $c := $sv -}}{{- $w := printf "services[%d]" $k -}}',
      '{{- $s := dict -}}{{- template "cd" (dict "s" (lower $c) "w" $w "r" $s) -}}',
      `{{- if gt $s.p (sub (mul 4 (len $s.x)) 4) -}}${fail('$w', '$c', '"is too small: the API server and DNS ClusterIPs need 16 addresses"')}{{- end -}}`,
      '{{- $b := substr 0 (int (sub (len $s.x) 1)) $s.x -}}',
      '{{- if $k -}}{{- $ips = concat $ips (list (print $w "|#" $b "1") (print $w "|#" $b "a")) -}}',
      '{{- else -}}{{- $dns := print "dnsServiceIp|#" $b "a" -}}',
      '{{- with dig "dnsServiceIp" "" $pv -}}',
      '{{- $d := dict -}}{{- template "ip" (dict "s" (lower .) "w" "dnsServiceIp" "r" $d) -}}',
      `{{- if or (ne (len $d.x) (len $s.x)) (lt $d.x $s.x) (gt $d.x $s.b) -}}${fail('"dnsServiceIp"', '.', '(printf "must lie inside the first service CIDR %s" $c)')}{{- end -}}`,
      '{{- $dns = print "dnsServiceIp|#" $d.x -}}',
      '{{- end -}}',
      '{{- $ips = list (print "apiServerIp|#" $b "1") $dns -}}',
      '{{- end -}}',
      '{{- end -}}',
    );
  }
  lines.push(
    `{{- $rw := list ${plan.installationWide.map((entry) => goString(noProxyTemplateItem(entry, true))).join(' ')} -}}`,
  );
  // Consecutive fixed entries go in with one `concat`: every character counts against the limit.
  let fixed: string[] = [];
  const flushFixed = (): void => {
    if (fixed.length > 0) {
      lines.push(`{{- $rw = concat $rw (list ${fixed.join(' ')}) -}}`);
      fixed = [];
    }
  };
  for (const step of plan.steps) {
    if ('fixed' in step) {
      fixed.push(goString(noProxyTemplateItem(step.fixed)));
    } else {
      flushFixed();
      lines.push(SLOT_CODE[step.slot]);
    }
  }
  flushFixed();
  // The record decoder is written only when a fixed entry needs a record (ports, ranges).
  const hasRecords = everything.some((entry) => noProxyTemplateItem(entry).startsWith('='));
  lines.push(
    // Every item becomes a record: fixed records are decoded, the other items parsed (or refused).
    '{{- $al := list -}}',
    '{{- range $it := $rw -}}',
    ...(hasRecords ? [`{{- if hasPrefix "=" $it -}}${DECODE_RECORD}`, '{{- else -}}'] : []),
    '{{- $wv := splitList "|" $it -}}{{- $r := dict -}}',
    `{{- if ne (len $wv) 2 -}}${fail('"noProxy"', '$it', '"is not a NO_PROXY entry"')}{{- end -}}`,
    '{{- template "en" (dict "w" (index $wv 0) "s" (index $wv 1) "r" $r) -}}{{- $al = append $al $r.e -}}',
    ...(hasRecords ? ['{{- end -}}'] : []),
    '{{- end -}}',
    `{{- $cx := slice $al 0 ${plan.installationWide.length} -}}{{- $es := slice $al ${plan.installationWide.length} -}}`,
    // Keep an entry unless the installation-wide part covers it, it repeats an earlier one, or
    // another cluster-specific entry covers it; then add its tokens not already present.
    '{{- $ou := list -}}{{- range $cx -}}{{- range .t -}}{{- if not (has . $ou) -}}{{- $ou = append $ou . -}}{{- end -}}{{- end -}}{{- end -}}',
    '{{- range $i, $e := $es -}}',
    '{{- $dr := false -}}',
    '{{- range $c := $cx -}}{{- $r := dict -}}{{- template "cv" (dict "o" $c "i" $e "r" $r) -}}{{- if or (eq $c.y $e.y) $r.v -}}{{- $dr = true -}}{{- end -}}{{- end -}}',
    '{{- range $j, $o := $es -}}',
    '{{- if eq $o.y $e.y -}}{{- if lt $j $i -}}{{- $dr = true -}}{{- end -}}',
    '{{- else -}}{{- $r := dict -}}{{- template "cv" (dict "o" $o "i" $e "r" $r) -}}{{- if $r.v -}}{{- $dr = true -}}{{- end -}}{{- end -}}',
    '{{- end -}}',
    '{{- if not $dr -}}{{- range $t := $e.t -}}{{- if not (has $t $ou) -}}{{- $ou = append $ou $t -}}{{- end -}}{{- end -}}{{- end -}}',
    '{{- end -}}',
    '{{- $noProxy := join "," $ou -}}',
  );
  return lines;
}
