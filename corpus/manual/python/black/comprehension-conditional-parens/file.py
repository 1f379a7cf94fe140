xs = [x for x in ys if (x if flag else default)]
