;;; sample.el --- own-words cases in the shape of compile-tests.el, for test/emacs-parity.test.ts

(defconst compile-tests--test-regexps-data
  '(;; a plain GNU head, a column range and a line range
    (gnu "src/lexer.c:14:3: error: stray token" 1 3 14 "src/lexer.c" error)
    (gnu "src/lexer.c:20.5-9: warning: odd" 1 (5 . 9) (20 . nil) "src/lexer.c" warning)
    ;; escapes: a quoted path, a backslash path, a newline and a tab
    (comma "\"util.f\", line 7: Error: bad label" 1 nil 7 "util.f" error)
    (msft "lib\\parse.c(31) : error C2065: x undeclared" 1 nil 31 "lib\\parse.c" error)
    (rust "error: mismatched types\n --> src/main.rs:9:13" 1 13 9 "src/main.rs" error)
    (java "\tat demo.Main.run(Main.java:42)" 5 nil 42 "Main.java" error)
    (lua-stack "	tools/gen.lua:8: in function 'emit'" 2 nil 8 "tools/gen.lua" info)
    ;; a line faultline has no reason to read as a place: a miss
    (made-up "the kettle at position 12 of shelf.c boils" 20 nil 12 "shelf.c" error)
    ;; counted apart: a file without a line, a line without a file
    (file-only "Entering module board.scm:" 1 nil nil "board.scm" info)
    (line-only "  12:4 [frame]" 1 4 12 nil))
  "Own-words sample.")
