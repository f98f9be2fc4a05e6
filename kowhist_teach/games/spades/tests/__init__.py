"""Spades' own tests (``make test`` collects ``kowhist_teach`` too): its rules, and the
differential test against OpenSpiel's ``spades``. The tests every registered game gets
(hooks, records, the conformance walk) come by registering."""
