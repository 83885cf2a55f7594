"""Playing King of New York at a terminal: people against bots (``kingofny play``) and
companion mode for a real table (``kingofny play --companion``).

Built on the public API only. The pieces serve other front ends too:

- :mod:`kingofny.play.board`: the board and the question in words, as data
  (:func:`~kingofny.play.board.board_view`) and as text;
- :mod:`kingofny.play.choices`: the legal actions as numbered choices in words, and the
  parsing of what a person types (``keep AAC``, ``buy b``, ``flee bronx``);
- :mod:`kingofny.play.outcomes`: chance outcomes typed at a table (``AACDEO``, ``high-rise
  2``, card names);
- :mod:`kingofny.play.session`: a game with undo, save and resume;
- :mod:`kingofny.play.terminal`: the terminal loop.
"""
