from bot.ratelimit import RateLimiter


def test_the_window_slides():
    now = [0.0]
    rl = RateLimiter(3, 10.0, clock=lambda: now[0])
    assert [rl.wait("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert rl.wait("a") == 10.0 and rl.wait("b") == 0.0
    now[0] = 9.5
    assert rl.wait("a") == 0.5
    now[0] = 10.0
    assert rl.wait("a") == 0.0  # the first hit has left the window
