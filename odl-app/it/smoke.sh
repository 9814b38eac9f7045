#!/usr/bin/env bash
# Smoke test of the Cormorant feature in a running controller: the cormorant-nim model is served by
# RESTCONF, its RPCs answer (with clear errors for bad input), and AAA rejects unauthenticated
# requests. Needs no switches.
#
#   odl-app/it/smoke.sh [--restconf URL]
#
# Uses the controller at URL (default http://127.0.0.1:8181/rests). If none answers there, it
# starts one with cluster/odl/start-controller.sh and stops it again at the end.
# Ends with the line "N passed, M failed"; exit status 0 only when nothing failed.
set -uo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
R="${RESTCONF_URL:-http://127.0.0.1:8181/rests}"
while [ $# -gt 0 ]; do
  case "$1" in
    --restconf) R="$2"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "smoke: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

passed=0
failed=0
started=false
body=$(mktemp)
trap 'rm -f "$body"; if $started; then "$repo/cluster/odl/stop-controller.sh"; fi' EXIT

# request METHOD PATH [JSON] [curl options...]: sets $code, body in $body. Authenticated unless
# the options say otherwise (--no-auth).
request() {
  local method="$1" path="$2" data="${3:-}" auth=(-u admin:admin)
  shift 3 2>/dev/null || shift $#
  if [ "${1:-}" = "--no-auth" ]; then auth=(); shift; fi
  local args=(-s -m 30 -o "$body" -w '%{http_code}' -X "$method" "${auth[@]}" "$@")
  if [ -n "$data" ]; then
    args+=(-H 'Content-Type: application/json' --data-binary "$data")
  fi
  code=$(curl "${args[@]}" "$R$path" 2>/dev/null) || true
  code="${code:-000}"
}

check() {  # check NAME CONDITION-RESULT(0/1) [detail]
  if [ "$2" -eq 0 ]; then
    passed=$((passed + 1)); echo "ok   $1"
  else
    failed=$((failed + 1)); echo "FAIL $1: HTTP $code $(head -c 600 "$body")"
  fi
}

# json EXPR: evaluates a Python expression on the last body (bound to j); prints the result
json() { /usr/bin/python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($1)" "$body" 2>/dev/null; }

request GET "/data/network-topology:network-topology?content=nonconfig" ""
if [ "$code" != 200 ]; then
  echo "smoke: no controller answering at $R (HTTP $code); starting one"
  if ! "$repo/cluster/odl/start-controller.sh"; then
    echo "0 passed, 1 failed"
    exit 1
  fi
  started=true
fi

# 1. The operational container is there and says what it knows.
request GET "/data/cormorant-nim:nim?content=nonconfig" ""
status=$(json 'j["cormorant-nim:nim"]["status"]')
check "GET cormorant-nim:nim answers 200 with a status ($status)" \
  "$([ "$code" = 200 ] && [ -n "$status" ]; echo $?)"

# 2. A bandwidth query naming an unknown host is answered, with the error in that pair's result.
request POST "/operations/cormorant-nim:available-bandwidth" \
  '{"input":{"pair":[{"src":"nosuch-host","dst":"h2"}]}}'
err=$(json 'j["cormorant-nim:output"]["result"][0]["error"]')
check "available-bandwidth with an unknown host: 200, error '$err'" \
  "$([ "$code" = 200 ] && [[ "$err" == "unknown host: nosuch-host"* ]]; echo $?)"

# 3. A reservation for an unknown host fails with 400 invalid-value naming the host.
request POST "/operations/cormorant-nim:reserve-path" \
  '{"input":{"src":"nosuch-host","dst":"h2","bandwidth-bps":1000000}}'
msg=$(json 'j["errors"]["error"][0]["error-message"]')
tag=$(json 'j["errors"]["error"][0]["error-tag"]')
check "reserve-path with an unknown host: 400 $tag '$msg'" \
  "$([ "$code" = 400 ] && [ "$tag" = invalid-value ] && [[ "$msg" == *"nosuch-host"* ]]; echo $?)"

# 4. Releasing an unknown reservation: 409 data-missing.
request POST "/operations/cormorant-nim:release-path" '{"input":{"id":"no-such-reservation"}}'
tag=$(json 'j["errors"]["error"][0]["error-tag"]')
check "release-path of an unknown id: 409 $tag" "$([ "$code" = 409 ] && [ "$tag" = data-missing ]; echo $?)"

# 5. AAA: no credentials or wrong ones are rejected, for writes (RPCs) and reads.
request POST "/operations/cormorant-nim:available-bandwidth" \
  '{"input":{"pair":[{"src":"a","dst":"b"}]}}' --no-auth
check "unauthenticated POST to an RPC: 401" "$([ "$code" = 401 ]; echo $?)"
request POST "/operations/cormorant-nim:register-hosts" \
  '{"input":{"host":[{"name":"h1","switch":"openflow:1","port":1}]}}' --no-auth
check "unauthenticated register-hosts: 401" "$([ "$code" = 401 ]; echo $?)"
request POST "/operations/cormorant-nim:register-hosts" \
  '{"input":{"host":[{"name":"h1","switch":"openflow:1","port":1}]}}' --no-auth -u admin:wrong
check "register-hosts with a wrong password: 401" "$([ "$code" = 401 ]; echo $?)"
request GET "/data/cormorant-nim:nim?content=nonconfig" "" --no-auth
check "unauthenticated GET of the container: 401" "$([ "$code" = 401 ]; echo $?)"

# 6. Malformed input gets a 400 that says what is wrong.
request POST "/operations/cormorant-nim:available-bandwidth" '{"input":{"pair":[{"src":"a",'
check "malformed JSON: 400" "$([ "$code" = 400 ]; echo $?)"
request POST "/operations/cormorant-nim:reserve-path" '{"input":{"src":"a","dst":"b","bandwidth-bps":-5}}'
check "negative bandwidth: 400" "$([ "$code" = 400 ]; echo $?)"
request POST "/operations/cormorant-nim:register-hosts" \
  '{"input":{"host":[{"name":"h1","ip":"10.0.0.300","switch":"openflow:1","port":1}]}}'
check "register-hosts with a bad IP address: 400" "$([ "$code" = 400 ]; echo $?)"
request POST "/operations/cormorant-nim:register-hosts" \
  '{"input":{"host":[{"name":"openflow:9","switch":"openflow:1","port":1}]}}'
msg=$(json 'j["errors"]["error"][0]["error-message"]')
check "register-hosts with a switch id as host name: 400 '$msg'" "$([ "$code" = 400 ]; echo $?)"
request POST "/operations/cormorant-nim:available-bandwidth" '{"input":{"pair":[{"src":"a","dst":"b","x":1}]}}'
check "unknown leaf: 400" "$([ "$code" = 400 ]; echo $?)"

# 7. Hosts register; without their switch in the topology they are pending, and shown as such.
request POST "/operations/cormorant-nim:register-hosts" \
  '{"input":{"host":[{"name":"smoke-h1","ip":"10.99.0.1","mac":"00:00:00:00:99:01","switch":"openflow:1","port":1}]}}'
pending=$(json '",".join(j["cormorant-nim:output"].get("pending", []))')
check "register-hosts: 200, pending '$pending'" "$([ "$code" = 200 ] && [[ ",$pending," == *",smoke-h1,"* ]]; echo $?)"
sleep 1
request GET "/data/cormorant-nim:nim/host=smoke-h1?content=nonconfig" ""
check "the registered host is in the container" "$([ "$code" = 200 ] && grep -q '"10.99.0.1"' "$body"; echo $?)"
request POST "/operations/cormorant-nim:register-hosts" '{"input":{"replace":true}}'
check "register-hosts replace=true with no hosts clears the registry" \
  "$([ "$code" = 200 ] && [ "$(json 'j["cormorant-nim:output"]["registered"]')" = 0 ]; echo $?)"

# 8. After all that the controller still serves.
request GET "/data/cormorant-nim:nim?content=nonconfig" ""
check "controller still answers" "$([ "$code" = 200 ]; echo $?)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
