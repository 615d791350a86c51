"""A table's Discord I/O, one module a job: the table message (``table_message``), the
channel's outbox (``outbox``), the DM panels (``panels``), interaction tokens (``tokens``) and
the table's tasks (``tasks``). ``bot.table.channel.TableChannel`` puts them together for the
session."""
