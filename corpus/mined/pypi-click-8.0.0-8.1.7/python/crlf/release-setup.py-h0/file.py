from setuptools import setup

setup(name="click", install_requires=["colorama; platform_system == 'Windows'"])
