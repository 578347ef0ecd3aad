/* @name BackendPid */
SELECT pg_backend_pid() AS "pid!";
