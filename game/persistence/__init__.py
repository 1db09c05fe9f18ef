"""Files: where they live (platformdirs), settings and saves as pydantic JSON, atomic writes."""
