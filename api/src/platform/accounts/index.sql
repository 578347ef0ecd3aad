/* @name AccountDelete */
SELECT account_delete(:userId!) AS avatar;
