"""The Discord user interface apart from the tables: where a click goes (``router``) and the
views the dealer sends (``views``)."""
