# Reading an NPB kernel's report (the lines "Name = value" it prints), for the measuring scripts of
# this directory; sourced, not run.
#   report_value "$out" "Mop/s total"   -> the value, spaces removed ("" when the line is missing)
#   report_verified "$out"              -> succeeds when the report says Verification = SUCCESSFUL

report_value() {
  printf '%s\n' "$1" | awk -F= -v name="$2" 'index($1, name) {gsub(/ /, "", $2); print $2; exit}'
}

report_verified() {
  printf '%s\n' "$1" | grep -q "Verification    =               SUCCESSFUL"
}
