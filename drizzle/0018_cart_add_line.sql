-- Adds a domain registration, a domain transfer or a call plan to its owner's cart in one
-- statement (docs/decisions/0283): the cart found or made, its row lock, the expected version
-- checked, the line bound checked, the version moved on and the line inserted. Each statement in
-- a PL/pgSQL function reads a fresh snapshot, so the count taken after the row lock is exact, as it
-- is in a transaction's later statements. Nothing is changed unless the answer is 'added'.
-- Answers 'added', 'stale' (the version was not p_expected) or 'full' (p_max_lines lines already
-- and this one is new).
CREATE FUNCTION "cart_add_line"(
	p_user_id uuid,
	p_session_id uuid,
	p_store_key text,
	p_site_version smallint,
	p_expected integer,
	p_now timestamp with time zone,
	p_type text,
	p_domain text,
	p_years smallint,
	p_auth_code text,
	p_plan text,
	p_users integer,
	p_max_lines integer
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	found_cart uuid;
	found_version integer;
	line_count integer;
BEGIN
	-- The owner's cart; when there is none, one is made and looked up again. The owner columns
	-- are unique: of two first adds at once, one makes the cart and both find it.
	FOR attempt IN 1..2 LOOP
		IF p_user_id IS NOT NULL THEN
			SELECT c.id INTO found_cart FROM carts c WHERE c.user_id = p_user_id;
		ELSE
			SELECT c.id INTO found_cart FROM carts c WHERE c.session_id = p_session_id AND c.user_id IS NULL;
		END IF;
		EXIT WHEN found_cart IS NOT NULL OR attempt = 2;
		INSERT INTO carts (user_id, session_id, store_key, site_version)
		VALUES (p_user_id, CASE WHEN p_user_id IS NULL THEN p_session_id END, p_store_key, p_site_version)
		ON CONFLICT DO NOTHING;
	END LOOP;
	IF found_cart IS NULL THEN
		RAISE EXCEPTION 'cart vanished after insert';
	END IF;
	-- Changes to one cart queue here, behind each other.
	SELECT c.version INTO found_version FROM carts c WHERE c.id = found_cart FOR UPDATE;
	IF p_expected IS NOT NULL AND found_version <> p_expected THEN
		RETURN 'stale';
	END IF;
	SELECT count(*)::integer INTO line_count FROM cart_items i WHERE i.cart_id = found_cart;
	-- A line the cart has already adds nothing, even to a full cart.
	IF line_count >= p_max_lines AND NOT EXISTS (
		SELECT 1 FROM cart_items i
		WHERE i.cart_id = found_cart AND (i.domain = p_domain OR i.plan = p_plan)
	) THEN
		RETURN 'full';
	END IF;
	UPDATE carts c
	SET version = c.version + 1, updated_at = p_now, site_version = p_site_version, dropped = '[]'::jsonb
	WHERE c.id = found_cart;
	INSERT INTO cart_items (cart_id, type, domain, years, auth_code, plan, users)
	VALUES (found_cart, p_type, p_domain, p_years, p_auth_code, p_plan, p_users)
	ON CONFLICT DO NOTHING;
	RETURN 'added';
END
$$;
