/* @name EnableTotp */
INSERT INTO totp_factors (user_id, secret, enabled_at) VALUES (:userId!, :secret!, now());
