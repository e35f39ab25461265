"""The course: twelve lessons from the table to a whole scored deal, every check solved by
`klaverjas_core`. Lesson text lives in ``lessons/course/*.toml`` (Markdown), ready to translate.

>>> course = load_course()
>>> [lesson.title for lesson in course.lessons][:2]
['The table', 'Choosing trumps']
>>> check = course.lesson("partner-exemption").checks[0]
>>> check.question, describe(check.answer)
('Which cards may C play?', 'Q♥ 7♦')
>>> check.grade(parse_cards("7♦ Q♥")).correct     # any order
True
"""

from klaverjas_core import parse_cards
from lessons.checks import Check, CheckKind, Feedback, NatAnswer, Table, describe
from lessons.loader import Course, Lesson, LessonError, Step, Term, load_course

__all__ = [
    "Check",
    "CheckKind",
    "Course",
    "Feedback",
    "Lesson",
    "LessonError",
    "NatAnswer",
    "Step",
    "Table",
    "Term",
    "describe",
    "load_course",
    "parse_cards",
]
