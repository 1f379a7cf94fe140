class Tree:
	def walk(self):
		stack = [self]
		while stack:
			node = stack.pop()
			for child in node.children:
				stack.append(child)
		print('done')
log()
