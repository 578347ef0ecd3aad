/* @name DmOpenThread */
SELECT dm_open_thread(:me!, :userId!) AS "id!";
