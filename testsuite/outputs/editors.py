#!/usr/bin/env python3
"""Parse real plugin output with the patterns editors use for GCC diagnostics.

Usage: editors.py LOG JSONDIAG REMARKS.json
  LOG       stderr of a compilation with the plugin (plain text diagnostics)
  JSONDIAG  stderr of the same compilation with -fdiagnostics-format=json
  REMARKS   the JSON remarks file of that compilation (the expected notes)
Prints PASS:/FAIL: lines.

The patterns are facts copied from the editors (not invented here):
- Vim: the default 'errorformat' on Unix (Vim 9.0, `vim -u NONE`, `:set efm?`); its entry
  for GCC diagnostics with a column is "%f:%l:%c:%m" - translated below; the shell test also
  runs the real Vim when it is installed.
- Emacs: compilation-error-regexp-alist-alist's `gnu` entry (Emacs 28.2, lisp/progmodes/
  compile.el; printed with (nth 1 (assq 'gnu compilation-error-regexp-alist-alist)));
  translated to Python syntax below (\\(?N: ...\\) -> named groups, [[:alpha:]] -> [A-Za-z],
  \\> -> \\b).  Subexpression 7 marks an "info" message (type 0), which is how compilation-mode
  shows notes.  The shell test also runs the real Emacs when it is installed.
- VS Code: the `$gcc` problem matcher of the C/C++ extension (vscode-cpptools,
  Extension/package.json, contributes.problemMatchers "gcc"):
  "^(.*):(\\d+):(\\d+):\\s+(?:fatal\\s+)?(warning|error):\\s+(.*)$".  It does NOT match
  "note:" lines; docs/editors.md gives the matcher to add, tested here too.
"""
import json
import re
import sys

VIM_GCC = re.compile(r'^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+):(?P<msg>.*)$')

EMACS_GNU = re.compile(
    r'^(?:[A-Za-z][-A-Za-z0-9.]+: ?|[ \t]+(?:in |from))?'
    r'(?P<file>(?:[0-9]*[^0-9\n])(?:[^\n :]| [^-/\n]|:[^ \n])*?)(?:: ?)'
    r'(?P<line>[0-9]+)'
    r'(?:-(?P<eline>[0-9]+)(?:\.(?P<ecol>[0-9]+))?'
    r'|[.:](?P<col>[0-9]+)(?:-(?:(?P<eline2>[0-9]+)\.)?(?P<ecol2>[0-9]+))?)?'
    r':(?: *(?P<warning>FutureWarning|RuntimeWarning|W(?::|arning)|warning)'
    r'| *(?P<info>[Ii]nfo(?:\b|rmationa?l?)|I:|\[ skipping .+ \]|instantiated from|required from|[Nn]ote)'
    r'| *(?:[Ee]rror)|(?:[0-9]?)(?:[^0-9\n]|$)|[0-9][0-9][0-9])')

VSCODE_GCC = re.compile(r'^(.*):(\d+):(\d+):\s+(?:fatal\s+)?(warning|error):\s+(.*)$')
# docs/editors.md: the same with "note" (and severity "info" for it)
VSCODE_ROOFLINE = re.compile(r'^(.*):(\d+):(\d+):\s+(?:fatal\s+)?(warning|error|note):\s+(.*)$')

failed = 0


def result(ok, name):
    global failed
    print(('PASS: ' if ok else 'FAIL: ') + name)
    failed += not ok


log_lines = open(sys.argv[1], encoding='utf-8').read().splitlines()
remarks = json.load(open(sys.argv[3]))
expected = ['roofline: ' + n['ecm']['note'] for n in remarks['nests'] if n.get('analysed')]
notes = [l for l in log_lines if ': note: roofline: ECM ' in l]
result(len(notes) == len(expected) and len(notes) > 0,
       'editors: one "file:line:col: note: roofline: ECM" line per analysed nest (%d)' % len(notes))

vim = [VIM_GCC.match(l) for l in notes]
result(all(m and int(m['line']) > 0 and int(m['col']) > 0 and m['msg'].strip() in
           ['note: ' + e for e in expected] for m in vim),
       'vim errorformat %f:%l:%c:%m: file, line, column, message of every note')

em = [EMACS_GNU.match(l) for l in notes]
result(all(m and m['info'] and int(m['line']) > 0 and m['col'] and m['file'].endswith('.c') for m in em),
       'emacs compilation-mode gnu regexp: file, line, column, type info of every note')
result(not any(VSCODE_GCC.match(l) for l in notes),
       'vscode $gcc matcher (warning|error only) does not take notes - documented')
vs = [VSCODE_ROOFLINE.match(l) for l in notes]
result(all(m and m.group(4) == 'note' and m.group(5) in expected for m in vs),
       'vscode matcher of docs/editors.md: file, line, column, severity note, message')
loc = remarks['nests'][0]['location']
m = em[0] if em else None
result(m is not None and int(m['line']) == loc['line'],
       'editors: the note is at the line of the remarks location (%s)' % loc['line'])

# -fdiagnostics-format=json: GCC 12 prints one JSON array of diagnostics on stderr
try:
    diags = json.loads(open(sys.argv[2], encoding='utf-8').read().strip().splitlines()[-1])
except (ValueError, IndexError) as e:
    diags = []
    print('json diagnostics: %s' % e)
got = []
def walk(ds):
    for d in ds:
        if d.get('kind') == 'note' and d.get('message', '').startswith('roofline: '):
            got.append(d)
        walk(d.get('children', []))
walk(diags)
ecm = [d for d in got if d['message'] in expected]
result(len(ecm) == len(expected) and all(
    d['locations'][0]['caret']['line'] == n['location']['line']
    for d, n in zip(ecm, [n for n in remarks['nests'] if n.get('analysed')])),
    '-fdiagnostics-format=json carries the notes (kind note, message, caret line)')
sys.exit(1 if failed else 0)
