"""The version of cgt, in one place (read by the build and by :data:`cgt.__version__`).

It imports nothing: the build reads it without importing cgt.

>>> import cgt
>>> __version__ == cgt.__version__
True
"""

__version__ = "0.1.0"
