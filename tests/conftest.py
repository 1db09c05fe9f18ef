"""Test-wide settings: hypothesis does not time its own input generation on noisy machines."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "trey", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("trey")
