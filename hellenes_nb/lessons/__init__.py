"""Historical walkthroughs: lesson files, their validator and the :class:`Lesson` runner.

See docs/writing-lessons.md for the file format, with the Pylos lesson as the worked example.
"""

from hellenes_nb.lessons.check import check_paths
from hellenes_nb.lessons.format import LessonFormatError, Problem, load_spec
from hellenes_nb.lessons.runner import Lesson, LessonError, find_lesson, lessons_dir
from hellenes_nb.lessons.verify import check_lesson

__all__ = ["Lesson", "LessonError", "LessonFormatError", "Problem", "check_lesson",
           "check_paths", "find_lesson", "lessons_dir", "load_spec"]
