import os


class Loader:
	def __init__(self, root):
		self.root = root
		self.cache = {}

	def load(self, name):
		path = os.path.join(self.root, name)
		if name in self.cache:
			return self.cache[name]
		try:
			with open(path) as fh:
				data = fh.read()
		except OSError:
			log('missing', name)
			return None
		else:
			self.cache[name] = data
		for hook in self.hooks:
			if hook.active:
				hook(data)
			count = 1
		return data


def main(args):
	loader = Loader(args[0])
	while args:
		item = args.pop()
		if not item:
			continue
		elif item == "-":
			break
		loader.load(item)
	return 0
