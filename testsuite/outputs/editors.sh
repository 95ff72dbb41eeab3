#!/bin/sh
# Editors: the notes are ordinary "file:line:col: note:" diagnostics.  Real output parsed with
# Vim's default errorformat, Emacs compilation-mode's gnu regexp and VS Code's $gcc matcher
# (editors.py), with the real Vim and Emacs when installed, and -fdiagnostics-format=json.
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
cd "$OUT" || exit 1
src=$ROOT/examples/kernels.c
rl_cc $SNB -fno-diagnostics-show-caret -fplugin-arg-roofline-remarks-dir=. -o kernels.o "$src" 2>notes.log
rl_cc $SNB -fdiagnostics-format=json -fplugin-arg-roofline-remarks=json-run.json -o kernels-json.o "$src" 2>notes.json
"$PY" "$here/editors.py" notes.log notes.json kernels.c.roofline.json
n=$(grep -c ': note: roofline: ECM ' notes.log)

if command -v vim >/dev/null 2>&1; then
	# the quickfix list of the real Vim with its default 'errorformat'
	vim -es -N -u NONE -i NONE -c 'cgetfile notes.log' \
		-c 'call writefile(map(filter(getqflist(), "v:val.valid && v:val.text =~# \"roofline: ECM\""), "bufname(v:val.bufnr) . \"|\" . v:val.lnum . \"|\" . v:val.col . \"|\" . v:val.text"), "vim-qf.txt")' \
		-c 'qa!' </dev/null >/dev/null 2>&1
	q=$(grep -c "kernels.c|[0-9]*|[0-9]*| note: roofline: ECM " vim-qf.txt 2>/dev/null)
	[ "${q:-0}" -eq "$n" ] && [ "$n" -gt 0 ] && pass "vim: real quickfix list has the $n ECM notes with line and column" ||
		fail "vim: real quickfix list has the ECM notes ($q of $n)"
else
	skip "vim: not installed (the errorformat pattern is tested in editors.py)"
fi
if command -v emacs >/dev/null 2>&1; then
	# compilation-mode of the real Emacs: file, line, column, type of each message
	emacs --batch -Q --eval '(progn
	  (require (quote compile))
	  (with-temp-buffer
	    (insert-file-contents "notes.log")
	    (compilation-mode)
	    (compilation--ensure-parse (point-max))
	    (let ((pos (point-min)) out)
	      (while (setq pos (next-single-property-change pos (quote compilation-message)))
	        (let ((m (get-text-property pos (quote compilation-message))))
	          (when m
	            (let* ((loc (compilation--message->loc m)))
	              (push (format "%s|%s|%s|%s|%s" (caar (compilation--loc->file-struct loc))
	                            (compilation--loc->line loc) (compilation--loc->col loc)
	                            (compilation--message->type m)
	                            (save-excursion (goto-char pos)
	                              (buffer-substring (line-beginning-position) (line-end-position))))
	                    out)))))
	      (with-temp-file "emacs-errors.txt" (insert (mapconcat (quote identity) (nreverse out) "\n") "\n")))))' \
		>/dev/null 2>&1
	q=$(sort -u emacs-errors.txt 2>/dev/null | grep -c "kernels.c|[0-9]*|[0-9]*|0|.*: note: roofline: ECM ")
	[ "${q:-0}" -eq "$n" ] && [ "$n" -gt 0 ] && pass "emacs: real compilation-mode finds the $n ECM notes as info messages" ||
		fail "emacs: real compilation-mode finds the ECM notes ($q of $n)"
else
	skip "emacs: not installed (the gnu regexp is tested in editors.py)"
fi
