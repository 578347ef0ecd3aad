/* @name RecordedDefinitions */
SELECT name, checksum FROM "_sql_definitions";
