const a = b
(c || d).run()
