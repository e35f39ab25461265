"""The course: twelve lessons from the table to a whole scored deal, every check a question kind
of `klaverjas_questions` solved by the core. Lesson text lives in ``lessons/course/*.toml``
(Markdown), ready to translate.

>>> course = load_course()
>>> [lesson.title for lesson in course.lessons][:2]
['The table', 'Choosing trumps']
>>> check = course.lesson("partner-exemption").checks[0]
>>> check.kind.name, check.question, check.kind.encode(check.solve().answer)
('which-cards', 'Which cards may South play?', '{"cards":["7♦","Q♥"]}')
>>> check.grade(check.kind.decode('{"cards":["Q♥","7♦"]}')).correct     # any order
True
"""

from lessons.checks import Check, Table
from lessons.loader import Course, Lesson, LessonError, Step, Term, load_course

__all__ = ["Check", "Course", "Lesson", "LessonError", "Step", "Table", "Term", "load_course"]
