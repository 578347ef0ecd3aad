/* @name DmMarkRead */
SELECT dm_mark_read(:threadId!, :userId!, :seq!) AS "read_seq!";
